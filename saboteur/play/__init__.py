"""Playing many games without I/O: random play, simulations and the benchmark loop."""
