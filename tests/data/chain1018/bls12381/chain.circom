pragma circom 2.1.0;

// Parameterised toy circuit: a chain of N multiplications whose operands are
// mixed linear combinations of the previous link, the public inputs a,b and the
// private input w.  Also contains a purely linear constraint (out) and a
// constraint with a constant term, so A/B/C rows of every shape occur.
template Chain(N) {
    signal input a;      // public
    signal input b;      // public
    signal input w;      // private
    signal output out;   // public (outputs are public)
    signal x[N+1];

    x[0] <== a * w + 3;
    for (var i = 0; i < N; i++) {
        x[i+1] <== (x[i] + 2*b + i) * (5*x[i] - w + 7*a + 11);
    }
    out <== x[N] + b;    // linear only: A=B=0 row
}

component main {public [a, b]} = Chain(1018);
