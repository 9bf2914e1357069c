// SPDX-License-Identifier: Apache-2.0
// The bundled circuit (tests/data/chain1018) proved through the binding on both curves and checked by
// zkforge's verifier; a changed public input refused; one Prover shared by threads; errors that say why.
// The provers run on the CPU, or on the backend ZKFORGE_TEST_BACKEND names (cuda, hip) when it is set.
use std::path::PathBuf;

use zkforge::{verify, Prover, ProverOptions};

fn chain(curve: &str) -> PathBuf {
    let data = std::env::var("ZKFORGE_TEST_DATA")
        .map(PathBuf::from)
        .unwrap_or_else(|_| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../tests/data"));
    data.join("chain1018").join(curve)
}

fn backend() -> String {
    std::env::var("ZKFORGE_TEST_BACKEND").unwrap_or_else(|_| "cpu".into())
}

fn read(path: PathBuf) -> Vec<u8> {
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {}", path.display(), e))
}

#[test]
fn the_bundled_circuit_proves_and_verifies_on_both_curves() {
    for curve in ["bn128", "bls12381"] {
        let dir = chain(curve);
        let options = ProverOptions { threads: 2, backend: backend(), ..ProverOptions::default() };
        let prover = Prover::from_zkey_file(&dir.join("chain.zkey"), &options).expect("prover");
        assert_eq!(prover.num_public(), 3);
        let proof = prover.prove_wtns(&read(dir.join("witness.wtns"))).expect("proof");
        let vk = String::from_utf8(read(dir.join("verification_key.json"))).unwrap();
        assert!(verify(&vk, &proof.public_json, &proof.proof_json).expect("verify"), "{} proof refused", curve);
        // The first public value with its last digit changed by one is still below r and must fail.
        let mut changed = proof.public_json.clone().into_bytes();
        let at = changed.iter().skip(2).position(|&b| b == b'"').unwrap() + 1;
        changed[at] = b'0' + ((changed[at] - b'0') ^ 1);
        let changed = String::from_utf8(changed).unwrap();
        assert!(!verify(&vk, &changed, &proof.proof_json).expect("verify"), "{} changed input accepted", curve);
    }
}

#[test]
fn a_prover_is_shared_by_threads() {
    let dir = chain("bn128");
    let options = ProverOptions { backend: backend(), ..ProverOptions::default() };
    let prover = Prover::from_zkey_bytes(&read(dir.join("chain.zkey")), &options).expect("prover");
    let wtns = read(dir.join("witness.wtns"));
    let vk = String::from_utf8(read(dir.join("verification_key.json"))).unwrap();
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..3).map(|_| s.spawn(|| prover.prove_wtns(&wtns).expect("proof"))).collect();
        for h in handles {
            let proof = h.join().unwrap();
            assert!(verify(&vk, &proof.public_json, &proof.proof_json).unwrap());
        }
    });
}

#[test]
fn errors_carry_the_status_and_message() {
    let missing = Prover::from_zkey_file(&chain("bn128").join("missing.zkey"), &ProverOptions::default());
    let e = missing.err().expect("a missing key is an error");
    assert_eq!(e.status, 14); // ZKFORGE_ERROR_IO
    assert!(e.message.contains("missing.zkey"), "{}", e.message);
    let options = ProverOptions { backend: "vulkan".into(), ..ProverOptions::default() };
    let e = Prover::from_zkey_file(&chain("bn128").join("chain.zkey"), &options).err().unwrap();
    assert!(e.message.contains("not built into this libzkforge"), "{}", e);
    let options = ProverOptions { threads: u32::MAX, ..ProverOptions::default() };
    let e = Prover::from_zkey_file(&chain("bn128").join("chain.zkey"), &options).err().unwrap();
    assert_eq!(e.status, 6); // ZKFORGE_ERROR_INVALID_ARGUMENT, before any thread is started
    assert!(e.message.contains("threads 4294967295 is more than 1024"), "{}", e);
    let witness = [[0u8; 32]; 2];
    let prover = Prover::from_zkey_file(&chain("bn128").join("chain.zkey"), &ProverOptions::default()).unwrap();
    assert!(prover.prove(&witness).unwrap_err().message.contains("the witness has 2 values"));
    assert_eq!(zkforge::version().split('.').count(), 3);
}
