// SPDX-License-Identifier: Apache-2.0
//! Raw declarations of libzkforge's C interface, written by hand from zkforge/zkforge.h (c/base.h,
//! c/groth16.h, c/msm_ntt.h, c/supra_c2.h). Every call that can fail returns a status (`ZKFORGE_OK` =
//! 0) and fills a `zkforge_error`. The safe crate `zkforge` wraps the prover and the verifier.
#![allow(non_camel_case_types)]

use std::os::raw::{c_char, c_void};

pub type zkforge_status = i32;
pub type zkforge_curve = i32;
pub type zkforge_group = i32;
pub type zkforge_scalar_form = i32;
pub type zkforge_memory_policy = i32;

pub const ZKFORGE_OK: zkforge_status = 0;
pub const ZKFORGE_ERROR_MESSAGE_SIZE: usize = 1024;
pub const ZKFORGE_SCALAR_BYTES: usize = 32;
pub const ZKFORGE_CURVE_BN254: zkforge_curve = 0;
pub const ZKFORGE_CURVE_BLS12_381: zkforge_curve = 1;
pub const ZKFORGE_SCALAR_CANONICAL: zkforge_scalar_form = 0;
pub const ZKFORGE_SCALAR_MONTGOMERY: zkforge_scalar_form = 1;
pub const ZKFORGE_MEMORY_POOLED: zkforge_memory_policy = 0;
pub const ZKFORGE_MEMORY_SYNCHRONOUS: zkforge_memory_policy = 1;
pub const ZKFORGE_MEMORY_DEFERRED: zkforge_memory_policy = 2;

#[repr(C)]
pub struct zkforge_error {
    pub status: zkforge_status,
    pub message: [c_char; ZKFORGE_ERROR_MESSAGE_SIZE],
}

#[repr(C)]
#[derive(Clone, Copy)]
pub struct zkforge_device {
    pub backend: *const c_char,
    pub index: i32,
}

#[repr(C)]
#[derive(Clone, Copy)]
pub struct zkforge_prover_options {
    pub device: zkforge_device,
    pub memory: zkforge_memory_policy,
    pub threads: u32,
}

#[repr(C)]
pub struct zkforge_prover {
    _opaque: [u8; 0],
}

#[repr(C)]
pub struct zkforge_proof {
    _opaque: [u8; 0],
}

extern "C" {
    pub fn zkforge_version() -> *const c_char;
    pub fn zkforge_backends() -> *const c_char;
    pub fn zkforge_curve_from_name(name: *const c_char, curve: *mut zkforge_curve, error: *mut zkforge_error)
        -> zkforge_status;
    pub fn zkforge_prover_options_default() -> zkforge_prover_options;
    pub fn zkforge_prover_create_zkey_file(
        prover: *mut *mut zkforge_prover,
        path: *const c_char,
        options: *const zkforge_prover_options,
        error: *mut zkforge_error,
    ) -> zkforge_status;
    pub fn zkforge_prover_create_zkey(
        prover: *mut *mut zkforge_prover,
        zkey: *const c_void,
        size: u64,
        options: *const zkforge_prover_options,
        error: *mut zkforge_error,
    ) -> zkforge_status;
    pub fn zkforge_prover_destroy(prover: *mut zkforge_prover);
    pub fn zkforge_prover_curve(prover: *const zkforge_prover) -> zkforge_curve;
    pub fn zkforge_prover_num_wires(prover: *const zkforge_prover) -> u64;
    pub fn zkforge_prover_num_public(prover: *const zkforge_prover) -> u64;
    pub fn zkforge_prover_prove_wtns(
        prover: *const zkforge_prover,
        wtns: *const c_void,
        size: u64,
        proof: *mut *mut zkforge_proof,
        error: *mut zkforge_error,
    ) -> zkforge_status;
    pub fn zkforge_prover_prove(
        prover: *const zkforge_prover,
        witness: *const c_void,
        count: u64,
        form: zkforge_scalar_form,
        proof: *mut *mut zkforge_proof,
        error: *mut zkforge_error,
    ) -> zkforge_status;
    pub fn zkforge_proof_json(proof: *const zkforge_proof) -> *const c_char;
    pub fn zkforge_proof_public_json(proof: *const zkforge_proof) -> *const c_char;
    pub fn zkforge_proof_destroy(proof: *mut zkforge_proof);
    pub fn zkforge_groth16_verify_json(
        verification_key_json: *const c_char,
        public_json: *const c_char,
        proof_json: *const c_char,
        valid: *mut i32,
        error: *mut zkforge_error,
    ) -> zkforge_status;
}

// MSM and NTT (zkforge/c/msm_ntt.h).
pub type zkforge_ntt_direction = i32;
pub type zkforge_root_convention = i32;
pub const ZKFORGE_G1: zkforge_group = 1;
pub const ZKFORGE_G2: zkforge_group = 2;
pub const ZKFORGE_NTT_FORWARD: zkforge_ntt_direction = 0;
pub const ZKFORGE_NTT_INVERSE: zkforge_ntt_direction = 1;
pub const ZKFORGE_ROOTS_ZKCRYPTO: zkforge_root_convention = 0;
pub const ZKFORGE_ROOTS_SNARKJS: zkforge_root_convention = 1;

#[repr(C)]
pub struct zkforge_ntt_options {
    pub direction: zkforge_ntt_direction,
    pub coset: *const c_void,
    pub roots: zkforge_root_convention,
}

extern "C" {
    pub fn zkforge_point_bytes(curve: zkforge_curve, group: zkforge_group) -> u64;
    pub fn zkforge_msm(
        curve: zkforge_curve,
        group: zkforge_group,
        device: *const zkforge_device,
        points: *const c_void,
        scalars: *const c_void,
        n: u64,
        form: zkforge_scalar_form,
        result: *mut c_void,
        error: *mut zkforge_error,
    ) -> zkforge_status;
    pub fn zkforge_ntt(
        curve: zkforge_curve,
        device: *const zkforge_device,
        data: *mut c_void,
        n: u64,
        form: zkforge_scalar_form,
        options: *const zkforge_ntt_options,
        error: *mut zkforge_error,
    ) -> zkforge_status;
}

// supra_seal C2's SRS and batch prove (zkforge/c/supra_c2.h): what a shim for c2/src/lib.rs calls.
#[repr(C)]
pub struct zkforge_srs {
    _opaque: [u8; 0],
}

#[repr(C)]
pub struct zkforge_c2_batch {
    pub num_circuits: u64,
    pub a: *const *const c_void,
    pub b: *const *const c_void,
    pub c: *const *const c_void,
    pub actual_size: u64,
    pub input_assignments: *const *const c_void,
    pub aux_assignments: *const *const c_void,
    pub input_assignment_size: u64,
    pub aux_assignment_size: u64,
    pub a_aux_density: *const u64,
    pub a_aux_total_density: u64,
    pub b_input_density: *const u64,
    pub b_input_total_density: u64,
    pub b_aux_density: *const u64,
    pub b_aux_total_density: u64,
    pub r: *const c_void,
    pub s: *const c_void,
}

#[repr(C)]
pub struct zkforge_c2_proof {
    pub a: [u8; 96],
    pub b: [u8; 192],
    pub c: [u8; 96],
}

extern "C" {
    pub fn zkforge_srs_create(srs: *mut *mut zkforge_srs, path: *const c_char, cache: i32, error: *mut zkforge_error)
        -> zkforge_status;
    pub fn zkforge_srs_evict(srs: *const zkforge_srs);
    pub fn zkforge_srs_clone(srs: *const zkforge_srs) -> *mut zkforge_srs;
    pub fn zkforge_srs_drop(srs: *mut zkforge_srs);
    pub fn zkforge_c2_prove(
        srs: *const zkforge_srs,
        batch: *const zkforge_c2_batch,
        device: *const zkforge_device,
        proofs: *mut zkforge_c2_proof,
        error: *mut zkforge_error,
    ) -> zkforge_status;
}
