# Workload for the differential tests: a small Python program (dictionaries,
# sorting, string formatting, a generator and a class) for the interpreter,
# run with PYTHONHASHSEED=0 so that string hashing is the same in every run.
# SPDX-License-Identifier: GPL-2.0-or-later


class Counter:
    def __init__(self):
        self.counts = {}

    def add(self, word):
        self.counts[word] = self.counts.get(word, 0) + 1


def words(count):
    state = 7
    for _ in range(count):
        state = (state * 1103515245 + 12345) % 2147483648
        yield "w%d" % (state % 211)


counter = Counter()
for word in words(3000):
    counter.add(word)
top = sorted(counter.counts.items(), key=lambda item: (-item[1], item[0]))[:3]
print(" ".join("%s=%d" % pair for pair in top), len(counter.counts))
