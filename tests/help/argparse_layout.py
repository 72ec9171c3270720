# argparse_layout.py: the usage and --help of cg_annotate, cg_merge and
# cg_diff as Python's argparse lays them out, the reference for
# suite-help.sh.  The arguments and their help texts are ours (the same as
# in cg_annotate.c, cg_merge.c and cg_diff.c); argparse decides where the
# lines break, for $COLUMNS or the terminal's width, how the program is
# named, and which usage error a command line gets.
#
#   python3 argparse_layout.py widths PROGRAM NAME WIDTH...
#       for each WIDTH (as $COLUMNS): the --help text, a line "----", the
#       usage printed before a usage error, a line "----"
#   python3 argparse_layout.py help PROGRAM NAME
#       the --help text, for $COLUMNS or the terminal
#   python3 argparse_layout.py parse PROGRAM NAME ARG...
#       parses the command line: a usage error is printed as argparse
#       prints it (status 2), and a command line without one prints "ok"
#   python3 argparse_layout.py pty COLUMNS COMMAND...
#       runs COMMAND with its output on a terminal COLUMNS wide and prints
#       what it wrote there
#
# PROGRAM is what NAME stands for: cg_annotate, cg_merge or cg_diff.
#
# SPDX-License-Identifier: GPL-2.0-or-later
import argparse
import fcntl
import os
import pty
import struct
import subprocess
import sys
import termios

FILE_HELP = "file produced by Cachegrind"


class AnnotateFormatter(argparse.HelpFormatter):
    """cg_annotate's usage leaves out -I, which its help lists, and its help
    leaves out the --OPTION=yes/no forms, which its usage lists."""

    def add_usage(self, usage, actions, groups, prefix=None):
        shown = [a for a in actions if "-I" not in a.option_strings]
        super().add_usage(usage, shown, groups, prefix)

    def add_argument(self, action):
        if "=" not in "".join(action.option_strings):
            super().add_argument(action)

    def _format_action_invocation(self, action):
        # "-I DIR, --include DIR", as Python 3.11 names an option of two
        # flags that takes a value (3.13 writes "-I, --include DIR").
        if action.option_strings and action.nargs != 0:
            return ", ".join("%s %s" % (flag, action.metavar)
                             for flag in action.option_strings)
        return super()._format_action_invocation(action)


def new_parser(prog, description, formatter=argparse.HelpFormatter):
    """A parser with -h and --version, as every program has them."""
    p = argparse.ArgumentParser(prog=prog, description=description,
                                formatter_class=formatter)
    p.add_argument("--version", action="version", version="x",
                   help="show program's version number and exit")
    return p


def add_renaming_options(p):
    """--mod-filename and --mod-funcname, which cg_annotate and cg_diff
    share."""
    p.add_argument("--mod-filename", metavar="REGEX",
                   help="a search-and-replace regex applied to filenames, "
                   "e.g. `s/prog[0-9]/progN/`")
    p.add_argument("--mod-funcname", metavar="REGEX",
                   help="like --mod-filename, but for function names")


def annotate(prog):
    p = new_parser(prog, "Process one or more Cachegrind output files and "
                   "print the result.", AnnotateFormatter)
    p.add_argument("--diff", action="store_true",
                   help="perform a diff between two Cachegrind output files")
    add_renaming_options(p)
    p.add_argument("--show", metavar="A,B,C",
                   help="only show figures for events A,B,C (default: all "
                   "events)")
    p.add_argument("--sort", metavar="A,B,C",
                   help="sort functions by events A,B,C (default: event "
                   "column order); A:N gives A its own threshold N%%, and "
                   "the sort events without one 0")
    p.add_argument("--threshold", metavar="N:[0,20]",
                   help="only show file:function/function:file pairs with "
                   "at least N%% of primary sort event counts (default: 0.1)")
    p.add_argument("--show-percs", action=argparse.BooleanOptionalAction,
                   help="show a percentage for each non-zero count "
                   "(default: yes)")
    p.add_argument("--show-percs=yes", action="store_true", help=None)
    p.add_argument("--show-percs=no", action="store_true", help=None)
    p.add_argument("--annotate", action=argparse.BooleanOptionalAction,
                   help="annotate source files (default: yes)")
    p.add_argument("--auto=yes", action="store_true", help=None)
    p.add_argument("--auto=no", action="store_true", help=None)
    p.add_argument("--context", metavar="N",
                   help="print N lines of context before and after each "
                   "annotated line (default: 8)")
    p.add_argument("-I", "--include", metavar="DIR",
                   help="also look for source files in DIR")
    p.add_argument("files", metavar="cachegrind-out-file", nargs="+",
                   help="file produced by Cachegrind; a later argument that "
                   "is an existing file (here, or under an -I folder) but "
                   "not a profile is a source file to annotate")
    return p


def merge(prog):
    p = new_parser(prog, "Merge multiple Cachegrind output files.")
    p.add_argument("-o", metavar="FILE", help="output file (default: stdout)")
    p.add_argument("files", metavar="cachegrind-out-file", nargs="+",
                   help=FILE_HELP)
    return p


def diff(prog):
    p = new_parser(prog, "Diff two Cachegrind output files. Deprecated; use "
                   "`cg_annotate --diff` instead.")
    add_renaming_options(p)
    p.add_argument("file1", metavar="cachegrind-out-file1", help=FILE_HELP)
    p.add_argument("file2", metavar="cachegrind-out-file2", help=FILE_HELP)
    return p


def run_on_terminal(columns, command):
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ,
                struct.pack("HHHH", 24, int(columns), 0, 0))
    child = subprocess.Popen(command, stdout=follower, stderr=follower,
                             stdin=subprocess.DEVNULL)
    os.close(follower)
    output = b""
    while True:
        try:
            data = os.read(leader, 65536)
        except OSError:  # the terminal closes once the command has gone
            break
        if not data:
            break
        output += data
    child.wait()
    sys.stdout.write(output.decode().replace("\r\n", "\n"))


def main():
    what = sys.argv[1]
    if what == "pty":
        run_on_terminal(sys.argv[2], sys.argv[3:])
        return
    program, name = sys.argv[2:4]
    make_parser = {"cg_annotate": annotate, "cg_merge": merge,
                   "cg_diff": diff}[program]
    if what == "widths":
        for width in sys.argv[4:]:
            os.environ["COLUMNS"] = width
            parser = make_parser(name)
            sys.stdout.write(parser.format_help() + "----\n")
            sys.stdout.write(parser.format_usage() + "----\n")
    elif what == "help":
        sys.stdout.write(make_parser(name).format_help())
    elif what == "parse":
        make_parser(name).parse_args(sys.argv[4:])
        print("ok")


main()
