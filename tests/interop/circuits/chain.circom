pragma circom 2.0.0;

// A chain of N multiplications over public a, b and private w: each step uses the previous value,
// so every internal signal is a dense field element.
template Chain(N) {
    signal input a;
    signal input b;
    signal input w;
    signal output out;
    signal x[N + 1];
    x[0] <== a * w + 1;
    for (var i = 0; i < N; i++) {
        x[i + 1] <== (x[i] + b + i) * (3 * x[i] + w + 2);
    }
    out <== x[N] + a;
}

component main {public [a, b]} = Chain(200);
