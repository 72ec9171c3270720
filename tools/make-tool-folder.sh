#!/bin/sh
# Makes a tool folder for $VALGRIND_LIB: a link to every file of the system's
# Valgrind tool folder except its cachegrind, and, when a build folder is
# given, links to the tools built there.
#
# usage: make-tool-folder.sh FOLDER SYSTEM-LIBEXEC [BUILD-FOLDER TOOL...]
set -eu
folder=$1 system=$2 build=${3:-}
shift 2
[ $# -gt 0 ] && shift
mkdir -p "$folder"
for f in "$system"/*; do
  name=$(basename "$f")
  case $name in cachegrind-*) continue ;; esac
  ln -sfn "$f" "$folder/$name"
done
# A tool of an earlier configuration (the x86 one, before --disable-x86)
# must not stay linked in: Valgrind would run its old build.
if [ -n "$build" ]; then
  for link in "$folder"/cachegrind-*; do
    if [ -L "$link" ]; then rm -f "$link"; fi
  done
fi
for tool in "$@"; do
  ln -sfn "$build/$tool" "$folder/$tool"
done
