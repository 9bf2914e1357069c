# SPDX-License-Identifier: Apache-2.0
"""Proofs of the bundled circuit on both curves, checked by zkforge's verifier; a changed public input
refused; errors as ZkforgeError; one prover used by several threads at once."""
import concurrent.futures
import json

import pytest

import zkforge


@pytest.mark.parametrize("curve", ["bn128", "bls12381"])
def test_a_proof_of_the_bundled_circuit_verifies(chain, curve):
    folder = chain / curve
    vk = (folder / "verification_key.json").read_text()
    with zkforge.Prover(folder / "chain.zkey", threads=2) as prover:
        assert prover.num_public == 3
        proof = prover.prove_wtns((folder / "witness.wtns").read_bytes())
    assert json.loads(proof.proof_json)["protocol"] == "groth16"
    assert zkforge.verify(vk, proof.public_json, proof.proof_json)
    inputs = json.loads(proof.public_json)
    inputs[1] = str(int(inputs[1]) + 1)
    assert not zkforge.verify(vk, json.dumps(inputs), proof.proof_json)


def test_a_witness_array_proves_as_its_file_does(chain):
    folder = chain / "bn128"
    wtns = (folder / "witness.wtns").read_bytes()
    prover = zkforge.Prover((folder / "chain.zkey").read_bytes())
    values = wtns[len(wtns) - 32 * prover.num_wires:]  # section 2, the file's last: the values
    witness = [int.from_bytes(values[i:i + 32], "little") for i in range(0, len(values), 32)]
    assert witness[0] == 1
    proof = prover.prove(witness)
    assert zkforge.verify((folder / "verification_key.json").read_text(), proof.public_json, proof.proof_json)
    with pytest.raises(zkforge.ZkforgeError, match="the witness has"):
        prover.prove(witness[:-1])


def test_one_prover_proves_from_several_threads_at_once(chain):
    folder = chain / "bn128"
    vk = (folder / "verification_key.json").read_text()
    wtns = (folder / "witness.wtns").read_bytes()
    prover = zkforge.Prover(folder / "chain.zkey")
    with concurrent.futures.ThreadPoolExecutor(max_workers=3) as pool:
        proofs = list(pool.map(lambda _: prover.prove_wtns(wtns), range(3)))
    assert len({p.proof_json for p in proofs}) == 3  # fresh r and s each time
    assert all(zkforge.verify(vk, p.public_json, p.proof_json) for p in proofs)


def test_errors_name_their_cause(tmp_path):
    with pytest.raises(zkforge.ZkforgeError) as missing:
        zkforge.Prover(tmp_path / "missing.zkey")
    assert missing.value.status == 14  # ZKFORGE_ERROR_IO
    assert "missing.zkey" in missing.value.message
    with pytest.raises(zkforge.ZkforgeError, match="not built into this libzkforge"):
        zkforge.Prover(tmp_path / "missing.zkey", backend="vulkan")
    with pytest.raises(zkforge.ZkforgeError, match="not valid JSON"):
        zkforge.verify("{", "[]", "{}")
    assert zkforge.version().count(".") == 2
    assert zkforge.backends()[0] == "cpu"


def test_arguments_c_would_misread_are_refused(chain):
    folder = chain / "bn128"
    vk = (folder / "verification_key.json").read_text()
    for threads in (-1, 2**32):  # ctypes would pass -1 as 4294967295
        with pytest.raises(zkforge.ZkforgeError, match="is not a count of threads") as bad:
            zkforge.Prover(folder / "chain.zkey", threads=threads)
        assert bad.value.status == 6  # ZKFORGE_ERROR_INVALID_ARGUMENT
    with pytest.raises(zkforge.ZkforgeError, match="threads 5000 is more than 1024") as many:
        zkforge.Prover(folder / "chain.zkey", threads=5000)
    assert many.value.status == 6
    with pytest.raises(zkforge.ZkforgeError, match="the key path holds a NUL byte"):
        zkforge.Prover(str(folder / "chain.zkey") + "\0.bak")
    with pytest.raises(zkforge.ZkforgeError, match="the verification key holds a NUL byte"):
        zkforge.verify(vk + "\0junk", "[]", "{}")
    with pytest.raises(zkforge.ZkforgeError, match="memory policy 'huge' is none of"):
        zkforge.Prover(folder / "chain.zkey", memory="huge")
    for device in (-1, 2**31):  # a 32-bit field: 2^32 would be device 0
        with pytest.raises(zkforge.ZkforgeError, match="is not a device index") as bad:
            zkforge.Prover(folder / "chain.zkey", device=device)
        assert bad.value.status == 6
    with pytest.raises(zkforge.ZkforgeError, match="the coset shift is not below 2\\^256"):
        zkforge.ntt("bn254", [1, 2], coset=-1)


def test_a_closed_prover_is_an_error_not_a_crash(chain):
    with zkforge.Prover(chain / "bn128" / "chain.zkey", threads=2) as prover:
        assert prover.num_wires == 1024
    with pytest.raises(zkforge.ZkforgeError, match="the prover is closed"):
        prover.num_public
    with pytest.raises(zkforge.ZkforgeError, match="the prover is closed"):
        prover.prove_wtns((chain / "bn128" / "witness.wtns").read_bytes())
