// SPDX-License-Identifier: Apache-2.0
//! zkforge from Rust: a Groth16 [`Prover`] of snarkjs keys on a backend and device, and [`verify`]
//! for snarkjs JSON, over libzkforge's C interface (`zkforge-sys`). Every failure is an [`Error`]
//! carrying libzkforge's status and message.
use std::ffi::{CStr, CString};
use std::fmt;
use std::os::raw::{c_char, c_void};
use std::os::unix::ffi::OsStrExt;
use std::path::Path;
use std::ptr::{self, NonNull};

use zkforge_sys as sys;

/// A failed libzkforge call: its status (`zkforge_status`) and the message naming the cause.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    pub status: i32,
    pub message: String,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

pub type Result<T> = std::result::Result<T, Error>;

/// Runs a C call with a fresh error record; a status other than ZKFORGE_OK becomes an Error.
fn check(call: impl FnOnce(*mut sys::zkforge_error) -> sys::zkforge_status) -> Result<()> {
    let mut error = sys::zkforge_error { status: 0, message: [0; sys::ZKFORGE_ERROR_MESSAGE_SIZE] };
    let status = call(&mut error);
    if status == sys::ZKFORGE_OK {
        return Ok(());
    }
    let message = unsafe { CStr::from_ptr(error.message.as_ptr()) }.to_string_lossy().into_owned();
    Err(Error { status, message })
}

fn c_string(s: &[u8], what: &str) -> Result<CString> {
    CString::new(s).map_err(|_| Error { status: 6, message: format!("invalid argument: {} holds a NUL byte", what) })
}

/// libzkforge's version, "MAJOR.MINOR.PATCH".
pub fn version() -> String {
    unsafe { CStr::from_ptr(sys::zkforge_version()) }.to_string_lossy().into_owned()
}

/// Where the proof's large buffers come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Memory {
    Pooled,
    Synchronous,
    Deferred,
}

/// Backend ("cpu", "cuda" or "hip"), device index, memory policy and CPU threads (0: every core; at
/// most 1024).
#[derive(Debug, Clone)]
pub struct ProverOptions {
    pub backend: String,
    pub device: i32,
    pub memory: Memory,
    pub threads: u32,
}

impl Default for ProverOptions {
    fn default() -> Self {
        ProverOptions { backend: "cpu".into(), device: 0, memory: Memory::Pooled, threads: 0 }
    }
}

/// snarkjs' proof.json and public.json of one proof.
#[derive(Debug, Clone)]
pub struct Proof {
    pub proof_json: String,
    pub public_json: String,
}

/// A Groth16 prover of one snarkjs key, read once (and on a GPU kept resident).
pub struct Prover {
    handle: NonNull<sys::zkforge_prover>,
}

// libzkforge documents a prover as usable from several threads at once (zkforge/c/groth16.h), and
// it is not tied to the thread that made it.
unsafe impl Send for Prover {}
unsafe impl Sync for Prover {}

impl Prover {
    /// A prover of the .zkey at `path`.
    pub fn from_zkey_file(path: &Path, options: &ProverOptions) -> Result<Prover> {
        let path = c_string(path.as_os_str().as_bytes(), "the path")?;
        Self::create(options, |out, o, e| unsafe { sys::zkforge_prover_create_zkey_file(out, path.as_ptr(), o, e) })
    }

    /// A prover of a .zkey's bytes.
    pub fn from_zkey_bytes(zkey: &[u8], options: &ProverOptions) -> Result<Prover> {
        Self::create(options, |out, o, e| unsafe {
            sys::zkforge_prover_create_zkey(out, zkey.as_ptr() as *const c_void, zkey.len() as u64, o, e)
        })
    }

    fn create(
        options: &ProverOptions,
        call: impl FnOnce(*mut *mut sys::zkforge_prover, *const sys::zkforge_prover_options, *mut sys::zkforge_error) -> i32,
    ) -> Result<Prover> {
        let backend = c_string(options.backend.as_bytes(), "the backend name")?;
        let o = sys::zkforge_prover_options {
            device: sys::zkforge_device { backend: backend.as_ptr(), index: options.device },
            memory: match options.memory {
                Memory::Pooled => sys::ZKFORGE_MEMORY_POOLED,
                Memory::Synchronous => sys::ZKFORGE_MEMORY_SYNCHRONOUS,
                Memory::Deferred => sys::ZKFORGE_MEMORY_DEFERRED,
            },
            threads: options.threads,
        };
        let mut handle = ptr::null_mut();
        check(|e| call(&mut handle, &o, e))?;
        Ok(Prover { handle: NonNull::new(handle).expect("libzkforge returned no prover") })
    }

    /// Wires of the witness, the constant 1 included.
    pub fn num_wires(&self) -> u64 {
        unsafe { sys::zkforge_prover_num_wires(self.handle.as_ptr()) }
    }

    /// Public inputs of the key (outputs first).
    pub fn num_public(&self) -> u64 {
        unsafe { sys::zkforge_prover_num_public(self.handle.as_ptr()) }
    }

    /// A proof of a circom witness file's bytes.
    pub fn prove_wtns(&self, wtns: &[u8]) -> Result<Proof> {
        self.proof(|out, e| unsafe {
            sys::zkforge_prover_prove_wtns(self.handle.as_ptr(), wtns.as_ptr() as *const c_void, wtns.len() as u64, out, e)
        })
    }

    /// A proof of the whole witness: 32-byte little-endian canonical scalars, wire 0 = 1 first.
    pub fn prove(&self, witness: &[[u8; 32]]) -> Result<Proof> {
        self.proof(|out, e| unsafe {
            sys::zkforge_prover_prove(
                self.handle.as_ptr(),
                witness.as_ptr() as *const c_void,
                witness.len() as u64,
                sys::ZKFORGE_SCALAR_CANONICAL,
                out,
                e,
            )
        })
    }

    fn proof(&self, call: impl FnOnce(*mut *mut sys::zkforge_proof, *mut sys::zkforge_error) -> i32) -> Result<Proof> {
        let mut proof = ptr::null_mut();
        check(|e| call(&mut proof, e))?;
        let text = |s: *const c_char| unsafe { CStr::from_ptr(s) }.to_string_lossy().into_owned();
        let out = unsafe {
            Proof { proof_json: text(sys::zkforge_proof_json(proof)), public_json: text(sys::zkforge_proof_public_json(proof)) }
        };
        unsafe { sys::zkforge_proof_destroy(proof) };
        Ok(out)
    }
}

impl Drop for Prover {
    fn drop(&mut self) {
        unsafe { sys::zkforge_prover_destroy(self.handle.as_ptr()) }
    }
}

/// Whether snarkjs' proof satisfies the verification key for the public inputs (JSON texts), as
/// `snarkjs groth16 verify` decides; malformed input is an Error.
pub fn verify(verification_key_json: &str, public_json: &str, proof_json: &str) -> Result<bool> {
    let vk = c_string(verification_key_json.as_bytes(), "the verification key")?;
    let public = c_string(public_json.as_bytes(), "the public inputs")?;
    let proof = c_string(proof_json.as_bytes(), "the proof")?;
    let mut valid = -1;
    check(|e| unsafe { sys::zkforge_groth16_verify_json(vk.as_ptr(), public.as_ptr(), proof.as_ptr(), &mut valid, e) })?;
    Ok(valid == 1)
}
