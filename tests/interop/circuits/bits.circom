pragma circom 2.0.0;

// Many public inputs and mostly boolean private signals: the shape where most witness values are
// 0 or 1, so the prover's batch_add path carries the bulk of the MSMs.
template Bits(P, B) {
    signal input pub[P];
    signal input bits[B];
    signal output out;
    signal prod[P];
    signal weighted[B];
    prod[0] <== pub[0] * pub[0];
    for (var j = 1; j < P; j++) {
        prod[j] <== prod[j - 1] * pub[j];
    }
    for (var i = 0; i < B; i++) {
        bits[i] * (bits[i] - 1) === 0;
        weighted[i] <== bits[i] * pub[i % P];
    }
    var total = 0;
    for (var i = 0; i < B; i++) {
        total += weighted[i];
    }
    out <== total + prod[P - 1];
}

component main {public [pub]} = Bits(24, 100);
