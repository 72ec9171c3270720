# python-renames.py EXPR NAME...: prints each NAME as --mod-filename=EXPR
# renames it, by the established tools' rule (Python's re.sub with the
# expression split as they split it), one a line.  The profiles suite
# compares cg_diff's renamings with these.
# SPDX-License-Identifier: GPL-2.0-or-later
import re
import sys
import warnings

# Python warns of a "[" inside a class ([[:alpha:]]), a form the suite
# uses on purpose to compare how both read it.
warnings.simplefilter("ignore", FutureWarning)

form = re.match(r"s/(.*)(?<!\\)/(.*)(?<!\\)/(g|i|gi|ig|)$", sys.argv[1])
pattern = form.group(1).replace("\\/", "/")
replacement = form.group(2).replace("\\/", "/")
flags = form.group(3)
for name in sys.argv[2:]:
    print(re.sub(pattern, replacement, name,
                 count=0 if "g" in flags else 1,
                 flags=re.IGNORECASE if "i" in flags else 0))
