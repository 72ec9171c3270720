# loop.py: benchmark workload, a pure-Python loop.
# SPDX-License-Identifier: GPL-2.0-or-later
total = 0
for i in range(2000000):
    total += (i * i) % 7
print(total)
