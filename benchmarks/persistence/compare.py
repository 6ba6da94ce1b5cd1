"""Medians of persistence-side-by-side's runs, per case and delivery mode, and persistent over non-persistent."""
import json
import statistics
import sys

out, rounds = sys.argv[1], int(sys.argv[2])


def load(case, mode, r):
    with open(f"{out}/{case}-{mode}-{r}.json") as f:
        return json.load(f)


def figures(case, mode):
    """Received msgs/s and the broker's CPU share, per round."""
    rates, cpus = [], []
    for r in range(1, rounds + 1):
        result = load(case, mode, r)
        if case == "durable":
            # the better of baseline's two artemis perf runs, as baseline itself compares: the first runs on a
            # broker fresh from start, whose JIT is still at work
            best = max(result["artemisPerf"], key=lambda p: p["deliveredPerSecond"])
            rates.append(best["deliveredPerSecond"])
            cpus.append(best["brokerCpuUtilization"])
        else:
            rates.append(result["receivedPerSecond"])
            cpus.append(result["brokerCpuUtilization"][0])
    return rates, cpus


for case in ("durable", "non-durable"):
    medians = {}
    for mode in ("NonPersistent", "Persistent"):
        rates, cpus = figures(case, mode)
        medians[mode] = statistics.median(rates)
        print(f"{case:11s} {mode:13s} received {medians[mode]:8.0f} msgs/s "
              f"(rounds {', '.join(f'{v:.0f}' for v in rates)}), broker CPU {statistics.median(cpus):.0%} of its "
              f"quota (rounds {', '.join(f'{v:.0%}' for v in cpus)})")
    print(f"{case:11s} persistent / non-persistent: x{medians['Persistent'] / medians['NonPersistent']:.2f}")
