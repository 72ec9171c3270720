#!/bin/sh
# Tool behaviour beyond the counts themselves: the client requests of
# cachegrind.h, --instr-at-start, real programs, and the debugging options.
#
# usage: sh tests/suite-tool.sh SRCDIR BUILDDIR
set -u
src=$1 build=$2
out=$build/tests/out/tool
vg=$build/vg-in-place
mkdir -p "$out"
ulimit -c 0 2>/dev/null  # no core files from the clients made to crash

# The installed Valgrind, not a "valgrind" of this tool's found on PATH.
# shellcheck disable=SC1091 # in the source tree given as SRCDIR
. "$src/tools/system-valgrind.sh"
system=$(system_valgrind "$build")

# Explicit caches: detection may print warnings, even with -q.
caches="--I1=32768,8,64 --D1=32768,8,64 --LL=8388608,16,64"
cachegrind() {
  # shellcheck disable=SC2086
  "$vg" --tool=cachegrind $caches "$@"
}

pass() { echo "PASS tool/$1"; }
fail() { echo "FAIL tool/$1: $2"; }

# Ir per function of a profile, "fn Ir" lines (functions with Ir 0 too).
ir_by_function() {
  awk '/^fn=/ { fn = substr($0, 4); if (!(fn in ir)) ir[fn] = 0; next }
       /^[0-9]/ { ir[fn] += $2 }
       END { for (f in ir) print f, ir[f] }' "$1" | sort
}

# "fn line Ir" for every count line of functions matching PATTERN.
ir_by_line() {
  awk -v pat="$2" '/^fn=/ { fn = substr($0, 4); next }
       /^[0-9]/ && fn ~ pat { print fn, $1, $2 }' "$1" | sort
}

valgrind_inc=$(pkg-config --variable=includedir valgrind)
if ! gcc -g -O1 -I"$src" -I"$valgrind_inc" -o "$out/requests" \
     "$src/tests/tool/requests.c" 2>"$out/build.err"; then
  fail build "requests.c does not compile: $(head -1 "$out/build.err")"
  exit 0
fi

# A client of cachegrind.h behaves the same natively and under any tool.
native=$("$out/requests" measure 2>"$out/native.err")
if [ "$native" = "$("$out/requests" none)" ] || [ -s "$out/native.err" ] ||
   [ "$(echo "$native" | wc -l)" != 1 ]; then
  fail native "unexpected native output: $native / $(cat "$out/native.err")"
else
  pass native
fi
none_out=$("$system" --tool=none -q "$out/requests" measure 2>"$out/none.err")
if [ "$none_out" = "$native" ] && [ ! -s "$out/none.err" ]; then
  pass tool-none
else
  fail tool-none "output '$none_out', stderr: $(head -2 "$out/none.err")"
fi

# Installed as make install puts it, $(includedir)/valgrind/cachegrind.h
# under another prefix than the system's valgrind.h, the header is found
# by <valgrind/cachegrind.h> with that prefix's include folder alone.
installed=$out/installed-include
rm -rf "$installed" && mkdir -p "$installed/valgrind" &&
  cp "$src/cachegrind.h" "$installed/valgrind/"
printf '#include <valgrind/cachegrind.h>\nint main(void) { CACHEGRIND_START_INSTRUMENTATION; CACHEGRIND_STOP_INSTRUMENTATION; return 0; }\n' \
  >"$out/installed-client.c"
if gcc -I"$installed" -o "$out/installed-client" "$out/installed-client.c" \
     2>"$out/installed-client.err" && "$out/installed-client"; then
  pass header-installed-elsewhere
else
  fail header-installed-elsewhere "$(head -n 2 "$out/installed-client.err" | tr '\n' '|')"
fi

# START ... STOP with --instr-at-start=no: only the measured loop and its
# callee (and the lines of main around them) cost anything, and the loop's
# lines cost exactly what a full run charges them.
cachegrind -q --instr-at-start=no \
  --cachegrind-out-file="$out/measured.out" "$out/requests" measure \
  >"$out/measured.stdout" 2>"$out/measured.err"
cachegrind -q --cachegrind-out-file="$out/full.out" \
  "$out/requests" measure >/dev/null 2>&1
# (the host's cache detection may add its own warnings, on --PID-- lines)
user_messages=$(grep -v '^--[0-9]*-- ' "$out/measured.err")
if [ "$(cat "$out/measured.stdout")" != "$native" ] || [ -n "$user_messages" ]; then
  fail measure-output "output or messages changed: $user_messages"
else
  pass measure-output
fi
costly=$(ir_by_function "$out/measured.out" | awk '$2 > 0 { print $1 }' | tr '\n' ' ')
case " $costly" in
  *" measured_loop "*) ;;
  *) costly="missing measured_loop: $costly" ;;
esac
unexpected=$(echo "$costly" | tr ' ' '\n' | grep -v -x -e measured_loop \
  -e measured_callee -e main -e '' | tr '\n' ' ')
if [ -n "$unexpected" ] || [ -z "$costly" ]; then
  fail measure-only "costs outside the measured part: $unexpected ($costly)"
else
  pass measure-only
fi
if [ -s "$out/measured.out" ] && [ -s "$out/full.out" ] &&
   [ "$(ir_by_line "$out/measured.out" '^measured_(loop|callee)$')" = \
     "$(ir_by_line "$out/full.out" '^measured_(loop|callee)$')" ]; then
  pass measure-equals-full-run
else
  fail measure-equals-full-run "the measured loop's Ir differs from a full run's"
fi

# The requests reach code translated before them: the measured loop, run
# once before START and once after STOP as well, costs what it costs when
# run between them alone.
cachegrind -q --instr-at-start=no \
  --cachegrind-out-file="$out/again.out" "$out/requests" again >/dev/null 2>&1
if [ -s "$out/again.out" ] && [ -s "$out/measured.out" ] &&
   [ "$(ir_by_line "$out/again.out" '^measured_(loop|callee)$')" = \
     "$(ir_by_line "$out/measured.out" '^measured_(loop|callee)$')" ]; then
  pass requests-reach-translated-code
else
  fail requests-reach-translated-code "the loop's Ir: $(ir_by_line "$out/again.out" '^measured_loop$' | head -n 3 | tr '\n' '|')"
fi

# Wherever the code lies: a loop of 2,000,002 instructions at 8 GiB, run
# while counted and again after STOP, counts once (with the other
# unnamed code, some hundred instructions, under 3,000,000).
cachegrind -q --cache-sim=no \
  --cachegrind-out-file="$out/high.out" "$out/requests" high >/dev/null 2>"$out/high.err"
unnamed=$(ir_by_line "$out/high.out" '^[?][?][?]$' 2>/dev/null |
  awk '{ sum += $3 } END { print sum + 0 }')
if [ "${unnamed:-0}" -ge 2000002 ] && [ "$unnamed" -lt 3000000 ]; then
  pass requests-reach-code-anywhere
else
  fail requests-reach-code-anywhere "the unnamed code's Ir: ${unnamed:-none} ($(head -n 1 "$out/high.err"))"
fi

# --instr-at-start=no and no request: nothing at all is counted, and the
# miss rates of nothing are 0, not a division by zero.
cachegrind --instr-at-start=no \
  --cachegrind-out-file="$out/none.out" "$out/requests" none >/dev/null 2>"$out/none.err"
summary=$(sed -n 's/^summary: //p' "$out/none.out")
rates=$(sed -n 's/^==[0-9]*== \(.*miss rate:.*\)$/\1/p' "$out/none.err")
expected_rates='I1  miss rate: 0.00%
LLi miss rate: 0.00%
D1  miss rate: 0.0% (0.0%     + 0.0%  )
LLd miss rate: 0.0% (0.0%     + 0.0%  )
LL miss rate:  0.0% (0.0%     + 0.0%  )'
if [ -z "$summary" ] || [ -n "$(echo "$summary" | tr ' ' '\n' | grep -v -x 0)" ]; then
  fail never-started "summary is '$summary'"
elif [ "$rates" != "$expected_rates" ]; then
  fail never-started "miss rates: $(echo "$rates" | tr '\n' '|')"
else
  pass never-started
fi

# Redundant requests warn and change nothing.
cachegrind --cachegrind-out-file="$out/twice.out" \
  "$out/requests" twice >/dev/null 2>"$out/twice.err"
starts=$(grep -c 'warning: CACHEGRIND_START_INSTRUMENTATION called,' "$out/twice.err")
enabled=$(grep -c '^--[0-9]*--          but instrumentation is already enabled$' "$out/twice.err")
stops=$(grep -c 'warning: CACHEGRIND_STOP_INSTRUMENTATION called,' "$out/twice.err")
disabled=$(grep -c '^--[0-9]*--          but instrumentation is already disabled$' "$out/twice.err")
if [ "$starts $enabled $stops $disabled" = "2 2 1 1" ]; then
  pass redundant-requests
else
  fail redundant-requests "warnings (start, enabled, stop, disabled): $starts $enabled $stops $disabled"
fi
# A request of this tool's that it does not know: said to be unknown and
# answered with the client's default.  GDB monitor commands, one the core
# does not know and one it answers, are the core's alone: no warning of
# ours, and the core's answers (1 for the first, 0 for the second), as
# with Valgrind 3.19's Cachegrind.
cachegrind --cachegrind-out-file="$out/unknown.out" \
  "$out/requests" unknown >"$out/unknown.stdout" 2>"$out/unknown.err"
if grep -q '^==[0-9]*== Warning: unknown cachegrind client request code 43470005$' "$out/unknown.err" &&
   [ "$(grep -c 'Warning: unknown cachegrind client request' "$out/unknown.err")" = 1 ] &&
   grep -q '^answer 77$' "$out/unknown.stdout" &&
   grep -q '^monitor commands 1 0$' "$out/unknown.stdout"; then
  pass unknown-requests
else
  fail unknown-requests "$(grep -i 'warning\|answer' "$out/unknown.err" "$out/unknown.stdout" | tr '\n' '|')"
fi

# With instrumentation on at the start: counted before the first STOP,
# not after it.
twice_ir=$(ir_by_function "$out/twice.out")
ir_of() { echo "$twice_ir" | awk -v f="$1" '$1 == f { print $2 }'; }
if [ "$(ir_of before_work)" -gt 0 ] 2>/dev/null &&
   [ "$(ir_of measured_loop)" -gt 0 ] 2>/dev/null &&
   [ "$(ir_of after_work || echo 0)" = "" -o "$(ir_of after_work)" = 0 ]; then
  pass redundant-state
else
  fail redundant-state "Ir of before_work, measured_loop, after_work:" \
    "$(ir_of before_work) $(ir_of measured_loop) $(ir_of after_work)"
fi

# A line break in an argument (python3 -c's often holds several lines)
# is written as a space, so that the cmd: line stays one line and the
# profile can be read (one argument long, another ending in a break).
long=$(printf '%0300d' 0)
rm -f "$out/newline.out" "$out/newline.txt"
cachegrind -q --cachegrind-out-file="$out/newline.out" /bin/true \
  "$(printf 'a\nb')" "$(printf 'c\r\nd')" "$long
e" "f
" >/dev/null 2>&1
command=$(sed -n 's/^cmd: //p' "$out/newline.out" 2>/dev/null)
if [ "$command" = "/bin/true a b c  d $long e f " ] &&
   "$build/cg_annotate" "$out/newline.out" >"$out/newline.txt" 2>&1 &&
   grep -q "^Command: *$command\$" "$out/newline.txt"; then
  pass cmd-line-break
else
  fail cmd-line-break "cmd '$command', cg_annotate: $(head -1 "$out/newline.txt")"
fi

# exec: the image that is replaced writes nothing; with --trace-children=yes
# the new image is profiled in a file of its own (the same pid).
if gcc -O1 -o "$out/execs" "$src/tests/tool/execs.c" 2>"$out/build.err"; then
  for trace in no yes; do
    rm -rf "$out/exec-$trace" && mkdir -p "$out/exec-$trace"
    printed=$(cd "$out/exec-$trace" &&
      cachegrind -q --trace-children=$trace "$out/execs" 2>/dev/null)
    files=$(cd "$out/exec-$trace" && ls)
    commands=$(cd "$out/exec-$trace" && cat ./* 2>/dev/null | sed -n 's/^cmd: //p')
    case $trace:$files:$commands in
      no::) ok=yes ;;
      yes:cachegrind.out.[0-9]*:"/bin/echo after") ok=yes ;;
      *) ok=no ;;
    esac
    if [ "$printed" = "$(printf 'before\nafter')" ] && [ $ok = yes ]; then
      pass "exec-trace-children-$trace"
    else
      fail "exec-trace-children-$trace" "printed '$printed', files '$files', cmd '$commands'"
    fi
  done
else
  fail exec "execs.c does not compile"
fi

# A client that dies of a signal, calls _exit or exits from a signal
# handler still gets its profile; a profile that cannot be written is
# reported with the path and the reason, and the run fails.
if gcc -O1 -o "$out/endings" "$src/tests/tool/endings.c" 2>"$out/build.err"; then
  for ending in segv _exit handler-exit; do
    rm -f "$out/ending.out"
    cachegrind -q --cachegrind-out-file="$out/ending.out" "$out/endings" $ending \
      >/dev/null 2>&1
    if grep -q '^summary: [1-9]' "$out/ending.out" 2>/dev/null; then
      pass "profile-after-$ending"
    else
      fail "profile-after-$ending" "no complete profile written"
    fi
  done
  # A client that runs out of memory (address space limited to 1.5 GB):
  # malloc fails in it as under the installed tool, it ends the same way,
  # and its profile is written.
  for tool in ours installed; do
    if [ $tool = ours ]; then run=cachegrind; else run="$system --tool=cachegrind $caches"; fi
    (ulimit -v 1500000 && $run -q --cachegrind-out-file="$out/oom-$tool.out" \
       "$out/endings" oom >"$out/oom-$tool.stdout" 2>"$out/oom-$tool.err")
    echo $? >"$out/oom-$tool.status"
  done
  if [ "$(cat "$out/oom-ours.status")" = 5 ] &&
     [ "$(cat "$out/oom-installed.status")" = 5 ] &&
     grep -q '^malloc failed$' "$out/oom-ours.stdout" &&
     grep -q '^summary: [1-9]' "$out/oom-ours.out" &&
     ! grep -q -i 'impossible\|terminating\|out of memory' "$out/oom-ours.err"; then
    pass client-out-of-memory
  else
    fail client-out-of-memory "status $(cat "$out/oom-ours.status") (installed: $(cat "$out/oom-installed.status")): $(head -c 300 "$out/oom-ours.err")"
  fi
  # A profile that cannot be opened (its folder missing, its name longer
  # than a file name may be) or written: said so, status 1, nothing left
  # behind; one that could not be opened gives a summary of zeros, as the
  # installed tool's does.
  too_long=$out/$(printf '%0300d' 0)
  for target in "$out/no-such-folder/x.out" "$too_long" /dev/full; do
    cachegrind --cachegrind-out-file="$target" "$out/endings" normal \
      >/dev/null 2>"$out/unwritable.err"
    status=$?
    case $target in
      /dev/full) how=write reason="writing failed (disk full?)" ;;
      "$too_long") how=open reason="File name too long" ;;
      *) how=open reason="No such file or directory" ;;
    esac
    if [ $how = open ]; then summary='I *refs: *0$'; else summary='I *refs: *[1-9]'; fi
    if [ $status = 1 ] &&
       grep -q "error: can't $how cache simulation output file '$target'" "$out/unwritable.err" &&
       grep -q "($target: $reason)" "$out/unwritable.err" &&
       grep -q "^==[0-9]*== $summary" "$out/unwritable.err" &&
       ! ls "$out/no-such-folder" "$out"/*.tmp.* "$out"/cg.tmp.* >/dev/null 2>&1; then
      pass "unwritable-$(basename "$target" | cut -c1-20)"
    else
      fail "unwritable-$(basename "$target" | cut -c1-20)" "status $status: $(grep 'error\|refs' "$out/unwritable.err" | cut -c1-120)"
    fi
  done
  # A profile whose writing fails under its temporary name (here past a
  # file-size limit of 8 KB: the write fails with EFBIG): said so, and the
  # temporary removed, the folder left empty.
  rm -rf "$out/limited" && mkdir "$out/limited"
  (ulimit -f 8 && cachegrind --cachegrind-out-file="$out/limited/x.out" \
     "$out/endings" normal >/dev/null 2>"$out/limited.err")
  status=$?
  if [ $status = 1 ] &&
     grep -q "error: can't write cache simulation output file '$out/limited/x.out'" "$out/limited.err" &&
     [ -z "$(ls -A "$out/limited")" ]; then
    pass unwritable-temporary-removed
  else
    fail unwritable-temporary-removed "status $status, left: $(ls -A "$out/limited" | tr '\n' ' ')"
  fi
  # A profile whose closing fails (a write error reported late, as NFS or
  # a quota may report it), made so by strace injecting an error into the
  # profile's close, the last before its rename in a first run: said so,
  # with the reason, status 1, neither the profile nor its temporary left.
  # A close interrupted by a signal (EINTR) has closed the file all the
  # same: the profile is kept.
  if ! strace -o /dev/null true >/dev/null 2>&1; then
    pass "unwritable-at-close (no strace, or not allowed to trace here)"
  else
    # Each run starts with no profile there: one there is looked at
    # first, with a close more.  (Nor any temporary left by another build
    # run before.)
    rm -f "$out/closed.out" "$out"/closed.out.tmp.*
    # shellcheck disable=SC2086
    strace -o "$out/closes.log" -e trace=close,rename "$vg" --tool=cachegrind $caches \
      --cachegrind-out-file="$out/closed.out" "$out/endings" normal >/dev/null 2>&1
    ordinal=$(awk '/^close\(/ { n++ } /^rename\(.*closed\.out"/ { print n; exit }' "$out/closes.log")
    # close_failing ERROR: runs the program with ERROR injected there.
    close_failing() {
      rm -f "$out/closed.out"
      # shellcheck disable=SC2086
      strace -o /dev/null -e trace=close -e inject=close:error="$1":when="${ordinal:-0}" \
        "$vg" --tool=cachegrind $caches --cachegrind-out-file="$out/closed.out" \
        "$out/endings" normal >/dev/null 2>"$out/closed.err"
    }
    for failure in "EIO:Input/output error" "EDQUOT:Disk quota exceeded" \
                   "EOVERFLOW:Unknown error 75"; do
      close_failing "${failure%%:*}"
      status=$?
      if [ -n "$ordinal" ] && [ $status = 1 ] &&
         grep -q "error: can't write cache simulation output file '$out/closed.out'" "$out/closed.err" &&
         grep -q "($out/closed.out: closing the profile failed: ${failure#*:})" "$out/closed.err" &&
         ! ls "$out/closed.out" "$out"/closed.out.tmp.* >/dev/null 2>&1; then
        pass "unwritable-at-close-${failure%%:*}"
      else
        fail "unwritable-at-close-${failure%%:*}" "close number ${ordinal:-(not found)}, status $status: $(grep 'error\|closed' "$out/closed.err" | head -n 2 | cut -c1-160)"
      fi
    done
    close_failing EINTR
    status=$?
    if [ -n "$ordinal" ] && [ $status = 0 ] && ! grep -q "error:" "$out/closed.err" &&
       grep -q '^summary: [1-9]' "$out/closed.out" &&
       ! ls "$out"/closed.out.tmp.* >/dev/null 2>&1; then
      pass close-interrupted
    else
      fail close-interrupted "close number ${ordinal:-(not found)}, status $status: $(grep -A 2 'error:' "$out/closed.err" | cut -c1-160 | tr '\n' '|')"
    fi
  fi
  # A profile that could be opened but not written still gives the totals
  # in the summary, as the installed tool's does.
  cachegrind --cachegrind-out-file=/dev/full "$out/endings" normal \
    >/dev/null 2>"$out/full.err"
  cachegrind --cachegrind-out-file="$out/endings-full.out" "$out/endings" normal \
    >/dev/null 2>"$out/written.err"
  if grep -q '^==[0-9]*== I *refs: *[1-9]' "$out/full.err" &&
     [ "$(grep 'refs:' "$out/full.err" | sed 's/^==[0-9]*==//')" = \
       "$(grep 'refs:' "$out/written.err" | sed 's/^==[0-9]*==//')" ]; then
    pass unwritable-keeps-totals
  else
    fail unwritable-keeps-totals "$(grep 'refs:' "$out/full.err" | head -1)"
  fi
  # Outputs the installed tool writes in place (it opens the name with
  # O_TRUNC) get the profile as there, not a file renamed over them: a
  # symbolic link's target, both names of a hard-linked file; an existing
  # file keeps its permissions, those the umask would take off too.  A
  # name too long for a temporary's suffix gets a temporary of a shorter
  # name, renamed over it all the same (a new file, not the old one
  # rewritten).
  places=$out/places
  rm -rf "$places" && mkdir "$places"
  echo old >"$places/target" && ln -s target "$places/link"
  echo old >"$places/linked" && ln "$places/linked" "$places/other-name"
  echo old >"$places/kept" && chmod 640 "$places/kept"
  echo old >"$places/kept-wide" && chmod 666 "$places/kept-wide"
  long=$(printf '%0250d' 0)
  echo old >"$places/$long"
  long_inode=$(stat -c %i "$places/$long")
  for place in link linked kept kept-wide "$long"; do
    (umask 022 && cachegrind -q --cachegrind-out-file="$places/$place" "$out/endings" normal \
      >/dev/null 2>"$places/err")
    echo $? >"$places/status-${place%"$long"}"
  done
  profile_in() { grep -q '^summary: [1-9]' "$places/$1"; }
  written="$(cat "$places"/status-* | sort -u) $(ls "$places" | grep -c tmp)"
  if [ "$written" = "0 0" ] &&
     [ -L "$places/link" ] && profile_in target &&
     profile_in other-name && profile_in kept && profile_in "$long" &&
     [ "$(stat -c %i "$places/$long")" != "$long_inode" ] &&
     [ "$(stat -c %a "$places/kept")" = 640 ] &&
     profile_in kept-wide && [ "$(stat -c %a "$places/kept-wide")" = 666 ]; then
    pass output-places
  else
    fail output-places "status and temporaries $written; $(ls -l "$places" | cut -c1-40 | tr '\n' '|')"
  fi
  # Files of others, as an unprivileged user ("nobody", when root and that
  # user can run the build): a profile there that may not be written is
  # refused, as opening it would be (it was replaced by a rename); one of
  # another owner, in a folder with the sticky bit, is written in place
  # and keeps its owner (the rename was refused there).
  as_nobody() { setpriv --reuid=65534 --regid=65534 --clear-groups "$@"; }
  others=$out/others
  rm -rf "$others" && mkdir "$others" && chmod 1777 "$others"
  if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null 2>&1 &&
     as_nobody "$vg" --tool=none -q "$out/endings" normal >/dev/null 2>&1; then
    echo old >"$others/locked" && chmod 444 "$others/locked"
    echo old >"$others/shared" && chmod 666 "$others/shared"
    for place in locked shared; do
      as_nobody "$vg" --tool=cachegrind $caches -q \
        --cachegrind-out-file="$others/$place" "$out/endings" normal \
        >/dev/null 2>"$others/$place.err"
      echo $? >"$others/$place.status"
    done
    # And one of another owner, but of the writer's own group, in a
    # folder without the sticky bit, written by root, whom nothing stops
    # from renaming over it: written in place all the same, its owner kept.
    mkdir "$others/plain" && echo old >"$others/plain/owned" &&
      chown 65534:0 "$others/plain/owned"
    "$vg" --tool=cachegrind $caches -q --cachegrind-out-file="$others/plain/owned" \
      "$out/endings" normal >/dev/null 2>"$others/owned.err"
    echo $? >"$others/owned.status"
    if [ "$(cat "$others/owned.status")" != 0 ] ||
       ! grep -q '^summary: [1-9]' "$others/plain/owned" ||
       [ "$(stat -c %u:%g "$others/plain/owned")" != 65534:0 ] ||
       [ "$(ls "$others/plain" | wc -l)" != 1 ]; then
      fail output-of-others-kept "status $(cat "$others/owned.status"), $(ls -ln "$others/plain" | cut -c1-40 | tr '\n' '|')"
    else
      pass output-of-others-kept
    fi
    if [ "$(cat "$others/locked.status")" = 1 ] &&
       grep -q "($others/locked: Permission denied)" "$others/locked.err" &&
       [ "$(cat "$others/locked")" = old ] &&
       [ "$(cat "$others/shared.status")" = 0 ] &&
       grep -q '^summary: [1-9]' "$others/shared" &&
       [ "$(stat -c %U "$others/shared")" = root ] &&
       [ "$(ls "$others" | grep -c tmp)" = 0 ]; then
      pass output-of-others
    else
      fail output-of-others "locked: status $(cat "$others/locked.status"), $(grep error "$others/locked.err"); shared: status $(cat "$others/shared.status"), $(ls -l "$others" | cut -c1-40 | tr '\n' '|')"
    fi
  else
    pass "output-of-others (not root, or no unprivileged user: output-places stands for it)"
  fi
else
  fail endings "endings.c does not compile"
fi

# The in-place tool folder, made again after a configuration that builds
# fewer tools (--disable-x86), links none of the earlier ones, and still
# links the system's other tools and this build's.
stale=$out/stale-folder
rm -rf "$stale" && mkdir -p "$stale" &&
  ln -s "$build/cachegrind-x86-linux" "$stale/cachegrind-x86-linux" &&
  sh "$src/tools/make-tool-folder.sh" "$stale" "$(sed -n 's/^VALGRIND_LIBEXEC = //p' "$build/Makefile")" \
    "$build" cachegrind-amd64-linux
if [ ! -e "$stale/cachegrind-x86-linux" ] && [ ! -L "$stale/cachegrind-x86-linux" ] &&
   [ "$(readlink "$stale/cachegrind-amd64-linux")" = "$build/cachegrind-amd64-linux" ] &&
   [ -L "$stale/none-amd64-linux" ]; then
  pass tool-folder-drops-stale-tools
else
  fail tool-folder-drops-stale-tools "$(ls "$stale" | grep 'cachegrind\|none' | tr '\n' ' ')"
fi

# make dist: the tarball holds what building needs, and builds; its tool
# runs, and the licence's text is there.  Configured with --program-suffix,
# it installs the programs and their man pages renamed, and the tool and
# its page under their own names: Valgrind looks for no other, and the page
# is for "valgrind --tool=cachegrind".
dist=$out/dist
rm -rf "$dist" && mkdir -p "$dist"
tarball=$build/$(sed -n 's/^PACKAGE = //p' "$build/Makefile")-$(sed -n 's/^VERSION = //p' "$build/Makefile").tar.gz
if make -s -C "$build" dist >"$out/dist.log" 2>&1 &&
   tar -xzf "$tarball" -C "$dist" 2>>"$out/dist.log"; then
  tree=$(ls -d "$dist"/*/ | head -n 1)
  (cd "$tree" && ./configure --program-suffix=-t >"$dist/configure.log" 2>&1 &&
   make >"$dist/make.log" 2>&1)
  status=$?
  dist_run=$("$tree/vg-in-place" --tool=cachegrind $caches \
    --cachegrind-out-file="$dist/true.out" /bin/true 2>&1 | grep -c 'I *refs:')
  if [ $status = 0 ] && [ "$dist_run" = 1 ] && [ -s "$dist/true.out" ] &&
     [ -s "$tree/COPYING" ]; then
    pass make-dist
  else
    fail make-dist "status $status, summary lines $dist_run: $(tail -n 2 "$dist/make.log" 2>/dev/null)"
  fi
  # Its tools unbuilt (their folder's stamp gone, as after a failed build
  # under make -k), vg-in-place says so.
  rm -f "$tree/.in-place/stamp"
  unbuilt=$("$tree/vg-in-place" --tool=cachegrind /bin/true 2>&1)
  if [ $? = 1 ] && [ "$unbuilt" = "vg-in-place: the tools of ${tree%/} are not built: run make there" ]; then
    pass vg-in-place-unbuilt
  else
    fail vg-in-place-unbuilt "$unbuilt"
  fi
  if make -s -C "$tree" install prefix="$dist/prefix" >"$dist/install.log" 2>&1; then
    renamed_run=$(VALGRIND_LIB="$dist/prefix/libexec/cachegrind" \
      "$system" --tool=cachegrind $caches --cachegrind-out-file=/dev/null \
      /bin/true 2>&1 | grep -c 'Copyright (C) the cachegrind authors')
    pages=$dist/prefix/share/man/man1
    if [ "$renamed_run" = 1 ] && [ -x "$dist/prefix/bin/cg_annotate-t" ] &&
       [ -s "$pages/cg_annotate-t.1" ] && [ -s "$pages/cachegrind.1" ] &&
       [ ! -e "$pages/cachegrind-t.1" ]; then
      pass install-program-suffix
    else
      fail install-program-suffix "banner lines $renamed_run: $(ls "$dist/prefix/bin" "$dist/prefix/libexec/cachegrind" "$pages" | grep 'cg_\|cachegrind' | tr '\n' ' ')"
    fi
  else
    fail install-program-suffix "make install failed: $(tail -n 3 "$dist/install.log")"
  fi
else
  fail make-dist "make dist failed: $(tail -n 3 "$out/dist.log")"
fi
rm -f "$tarball"

# make install: the tool, its folder of links and a valgrind wrapper under
# the prefix; with that bin folder first on PATH, --tool=cachegrind is ours
# and every other tool the system's; the header and the four man pages are
# there too; nothing of the valgrind package changes.
prefix=$out/prefix
rm -rf "$prefix"
if make -s -C "$build" install prefix="$prefix" >"$out/install.log" 2>&1; then
  banner=$(PATH="$prefix/bin:$PATH" valgrind --tool=cachegrind $caches \
    --cachegrind-out-file="$out/installed.out" "$out/endings" normal 2>&1 |
    grep -c 'Copyright (C) the cachegrind authors')
  none_status=$(PATH="$prefix/bin:$PATH" valgrind --tool=none -q "$out/endings" normal \
    >/dev/null 2>&1; echo $?)
  pages=0
  for page in cachegrind cg_annotate cg_merge cg_diff; do
    cmp -s "$src/docs/$page.1" "$prefix/share/man/man1/$page.1" && pages=$((pages + 1))
  done
  if [ "$banner" = 1 ] && [ "$none_status" = 0 ] && [ -s "$out/installed.out" ] &&
     [ -f "$prefix/include/valgrind/cachegrind.h" ] && [ $pages = 4 ]; then
    pass install
  else
    fail install "banner lines $banner, --tool=none status $none_status, man pages $pages of 4"
  fi
  if command -v dpkg >/dev/null && [ -n "$(dpkg --verify valgrind 2>&1)" ]; then
    fail install-untouched "dpkg --verify valgrind: $(dpkg --verify valgrind 2>&1 | head -2)"
  else
    pass install-untouched
  fi
else
  fail install "make install failed: $(tail -3 "$out/install.log")"
fi

# make install or uninstall where the system's valgrind is would replace
# or remove its files (and make a wrapper that runs itself): refused
# before anything is done, into a DESTDIR here so that a failure of the
# check harms nothing.
system_prefix=$(dirname "$(dirname "$system")")
staging=$out/staging
# refused NAME MESSAGE MAKE-VARIABLES...: make install and make uninstall
# with those variables each fail, saying MESSAGE, and stage no file.
refused() {
  name=$1 message=$2
  shift 2
  for target in install uninstall; do
    rm -rf "$staging" && mkdir "$staging"
    if make -s -C "$build" $target "$@" DESTDIR="$staging" \
         >"$out/$target-$name.log" 2>&1; then
      fail $target-$name "make $target $* succeeded"
    elif grep -q "$message" "$out/$target-$name.log" &&
         [ -z "$(find "$staging" ! -type d)" ]; then
      pass $target-$name
    else
      fail $target-$name "$(tail -n 2 "$out/$target-$name.log" | tr '\n' '|'); $(find "$staging" ! -type d | head -n 3)"
    fi
  done
}
refused over-system "holds the system's valgrind" prefix="$system_prefix"
# The same for a header folder that is the system Valgrind's, given apart
# from the prefix: its cachegrind.h would be replaced or removed.
system_headers=$(sed -n 's/^VALGRIND_INCLUDEDIR = //p' "$build/Makefile")
refused over-system-headers "holds the system's Valgrind headers" \
  prefix="$out/elsewhere" includedir="$(dirname "$system_headers")"
# And for a man folder that holds a Valgrind's valgrind(1) page, given
# apart from the prefix: its cg_* pages would be replaced or shadowed.
valgrind_man=$out/valgrind-man
rm -rf "$valgrind_man" && mkdir -p "$valgrind_man/man1" &&
  : | gzip >"$valgrind_man/man1/valgrind.1.gz"
refused over-valgrind-man "holds Valgrind's own man pages" \
  prefix="$out/elsewhere" mandir="$valgrind_man"
rm -rf "$valgrind_man"
rm -rf "$staging"

# Large real programs run to completion under the tool and print what they
# print natively.
sql="create table t(a, b); insert into t values (1, 'x'), (2, 'y');
select count(*), sum(a), group_concat(b) from t;"
for program in sqlite3 python3; do
  case $program in
    sqlite3) set -- /usr/bin/sqlite3 :memory: "$sql" ;;
    python3) set -- /usr/bin/python3 -c 'import json, re; print(json.dumps({"k": [i * i for i in range(20)]}), re.sub("a+", "-", "baaad"))' ;;
  esac
  natively=$(PYTHONHASHSEED=0 "$@" 2>&1)
  under_tool=$(PYTHONHASHSEED=0 cachegrind -q --cachegrind-out-file="$out/$program.out" "$@" 2>/dev/null)
  if [ -n "$natively" ] && [ "$natively" = "$under_tool" ] && grep -q '^summary: [1-9]' "$out/$program.out"; then
    pass "real-program-$program"
  else
    fail "real-program-$program" "natively '$natively', under the tool '$under_tool'"
  fi
done

# Indirect jumps find their translation where they are made
# (cg_indirect_exits.c): of the loop's 400,000 calls and returns through
# pointers, the core's dispatcher, which counts what reaches it for
# --stats=yes, sees almost none; the program's output is unchanged.
if gcc -O2 -o "$out/indirect" "$src/tests/tool/indirect.c" 2>"$out/build-indirect.err"; then
  natively=$("$out/indirect")
  under_tool=$(cachegrind --stats=yes --cachegrind-out-file="$out/indirect.out" \
    "$out/indirect" 2>"$out/indirect.err")
  transfers=$(sed -n 's/.*scheduler: \([0-9,]*\) indir transfers.*/\1/p' "$out/indirect.err" | tr -d ,)
  if [ "$under_tool" = "$natively" ] && [ -n "$transfers" ] && [ "$transfers" -lt 4000 ]; then
    pass indirect-jumps-bypass-dispatcher
  else
    fail indirect-jumps-bypass-dispatcher "output '$under_tool' (natively '$natively'), transfers through the dispatcher '$transfers'"
  fi
else
  fail build-indirect "indirect.c does not compile: $(head -1 "$out/build-indirect.err")"
fi

# --vector-search (a debugging option): the cache sets searched with
# AVX-512 instructions, with AVX2 instructions or with neither, the counts
# are the same, with caches whose rows have padding ways (6-way D1), and
# with ways beyond a row of eight (16-way I1, 12-way D1).  A search the
# host cannot run is refused clearly, before the run starts.
host_flags=$(grep -m1 '^flags' /proc/cpuinfo)
host_runs() {
  case $1 in
    auto|no) return 0 ;;
    avx2) case $host_flags in *' avx2'*) return 0 ;; esac ;;
    avx512) case $host_flags in *' avx512f'*) case $host_flags in *' avx512dq'*) return 0 ;; esac ;; esac ;;
  esac
  return 1
}
for rows in padded overflowing; do
  case $rows in
    padded) geometry="--I1=32768,8,64 --D1=24576,6,64" ;;
    overflowing) geometry="--I1=65536,16,64 --D1=49152,12,64" ;;
  esac
  for mode in no auto avx2 avx512; do
    # shellcheck disable=SC2086 # the geometry is two options
    PYTHONHASHSEED=0 cachegrind $geometry --vector-search=$mode \
      --cachegrind-out-file="$out/vector-$mode.out" \
      /usr/bin/python3 -S -c 'd = {}
for i in range(20000): d[str(i)] = [i] * (i % 7)
print(len(d))' >/dev/null 2>"$out/vector-$mode.err"
    status=$?
    if host_runs $mode; then
      if [ "$status" = 0 ] && grep -q '^summary: [1-9]' "$out/vector-$mode.out" &&
         cmp -s "$out/vector-$mode.out" "$out/vector-no.out"; then
        pass "vector-search-$mode-same-counts-$rows-rows"
      else
        fail "vector-search-$mode-same-counts-$rows-rows" "status $status; summaries $(grep -h '^summary' "$out/vector-$mode.out" "$out/vector-no.out" | tr '\n' '/')"
      fi
    elif [ "$status" = 1 ] && [ ! -e "$out/vector-$mode.out" ] &&
         grep -q 'this host cannot run' "$out/vector-$mode.err"; then
      pass "vector-search-$mode-refused-$rows-rows"
    else
      fail "vector-search-$mode-refused-$rows-rows" "status $status: $(grep -v '^==' "$out/vector-$mode.err" | head -2)"
    fi
  done
done
# The checks of the x86 tool are left out, and said so, for a build
# without it (configure could not make it or was told not to) and on a
# machine that starts no 32-bit program (tests/runs-32bit.sh).
# shellcheck disable=SC1091 # in the source tree given as SRCDIR
. "$src/tests/runs-32bit.sh"
if [ ! -x "$build/cachegrind-x86-linux" ]; then
  no_32bit="this build has no x86 tool"
else
  no_32bit=$(no_32bit_runs "$src" "$out")
fi
# The tool for 32-bit programs has the scalar search alone: a vector
# search is refused as such, not blamed on the host.
if [ -n "$no_32bit" ]; then
  echo "note: $no_32bit: the x86 tool's vector-search checks are left out"
elif gcc -m32 -O1 -o "$out/true32" "$src/tests/tool/true32.c" 2>"$out/build32.err"; then
  for mode in avx2 avx512; do
    cachegrind --vector-search=$mode "$out/true32" >/dev/null 2>"$out/vector32-$mode.err"
    status=$?
    if [ "$status" = 1 ] && grep -q 'the tool for 32-bit programs searches without vector instructions only' "$out/vector32-$mode.err"; then
      pass "vector-search-$mode-refused-32-bit"
    else
      fail "vector-search-$mode-refused-32-bit" "status $status: $(grep -v '^==' "$out/vector32-$mode.err" | head -2)"
    fi
  done
  cachegrind --vector-search=no --cachegrind-out-file="$out/vector32-no.out" "$out/true32" >/dev/null 2>&1
  status=$?
  if [ "$status" = 0 ] && grep -q '^summary: [1-9]' "$out/vector32-no.out"; then
    pass vector-search-no-32-bit
  else
    fail vector-search-no-32-bit "status $status"
  fi
else
  fail build-32-bit "true32.c does not compile with -m32: $(head -1 "$out/build32.err")"
fi
# The client requests in a 32-bit program, through the x86 tool: START ...
# STOP with --instr-at-start=no counts the measured loop and its callee
# only, as much as a full run charges them.
if [ -n "$no_32bit" ]; then
  echo "note: $no_32bit: the 32-bit client requests are left out"
elif gcc -m32 -g -O1 -I"$src" -I"$valgrind_inc" -o "$out/requests32" \
     "$src/tests/tool/requests.c" 2>"$out/build-requests32.err"; then
  cachegrind -q --instr-at-start=no --cachegrind-out-file="$out/measured32.out" \
    "$out/requests32" measure >/dev/null 2>&1
  cachegrind -q --cachegrind-out-file="$out/full32.out" \
    "$out/requests32" measure >/dev/null 2>&1
  costly=$(ir_by_function "$out/measured32.out" | awk '$2 > 0 { print $1 }' | tr '\n' ' ')
  unexpected=$(echo "$costly" | tr ' ' '\n' | grep -v -x -e measured_loop \
    -e measured_callee -e main -e '' | tr '\n' ' ')
  loop_lines=$(ir_by_line "$out/measured32.out" '^measured_(loop|callee)$')
  case " $costly" in
  *" measured_loop "*)
    if [ -z "$unexpected" ] && [ -n "$loop_lines" ] &&
       [ "$loop_lines" = "$(ir_by_line "$out/full32.out" '^measured_(loop|callee)$')" ]; then
      pass measure-only-32-bit
    else
      fail measure-only-32-bit "costs outside the measured part: '$unexpected', or the loop's Ir differs from a full run's"
    fi
    ;;
  *) fail measure-only-32-bit "measured_loop not counted: '$costly'" ;;
  esac
else
  fail build-requests-32 "requests.c does not compile with -m32: $(head -1 "$out/build-requests32.err")"
fi
cachegrind --vector-search=maybe true >/dev/null 2>"$out/vector-bad.err"
status=$?
if [ "$status" = 1 ] && grep -q 'vector-search takes auto, avx512, avx2 or no' "$out/vector-bad.err"; then
  pass vector-search-bad-value
else
  fail vector-search-bad-value "status $status: $(head -2 "$out/vector-bad.err")"
fi

# --check-ir=yes has VEX check the IR of every translation, which the tool
# otherwise skips (cg_ir_checks.c): the IR is the same, so are the counts.
# A C program: python3's own work once differed a little between two such
# runs (its Ir too, so not the tool's counting; see "Measuring" in
# docs/performance.md).
if gcc -O1 -o "$out/instructions" "$src/tests/workloads/instructions.c" 2>"$out/build-instructions.err"; then
  cachegrind --branch-sim=yes --check-ir=yes \
    --cachegrind-out-file="$out/check-ir-yes.out" "$out/instructions" \
    >/dev/null 2>"$out/check-ir-yes.err"
  status_yes=$?
  cachegrind --branch-sim=yes --check-ir=no \
    --cachegrind-out-file="$out/check-ir-no.out" "$out/instructions" >/dev/null 2>&1
  status_no=$?
  if [ "$status_yes" = 0 ] && [ "$status_no" = 0 ] && grep -q '^summary: [1-9]' "$out/check-ir-yes.out" &&
     cmp -s "$out/check-ir-yes.out" "$out/check-ir-no.out"; then
    pass check-ir-same-counts
  else
    fail check-ir-same-counts "status $status_yes/$status_no: $(grep -v '^==' "$out/check-ir-yes.err" | head -2)"
  fi
else
  fail check-ir-same-counts "instructions.c does not compile: $(head -1 "$out/build-instructions.err")"
fi
cachegrind --check-ir=maybe true >/dev/null 2>"$out/check-ir-bad.err"
status=$?
if [ "$status" = 1 ] && grep -q "check-ir" "$out/check-ir-bad.err"; then
  pass check-ir-bad-value
else
  fail check-ir-bad-value "status $status: $(head -2 "$out/check-ir-bad.err")"
fi

# --out-of-line-calls (cg_call_stubs.c): with the data accesses' slow-path
# calls moved out of line or left where VEX put them, the counts are the
# same.  Each moved call leaves a 6-byte jump where its 12 bytes were, and
# its stub holds the argument moves, the call's last 10 bytes and a 5-byte
# jump back, so the host code (--stats=yes) grows by 9 bytes a call.
if [ -x "$out/instructions" ]; then
  for moved in yes no; do
    cachegrind --branch-sim=yes --out-of-line-calls=$moved --stats=yes \
      --cachegrind-out-file="$out/out-of-line-$moved.out" "$out/instructions" \
      >/dev/null 2>"$out/out-of-line-$moved.err"
    echo $? >"$out/out-of-line-$moved.status"
  done
  host_bytes() {
    sed -n 's/.*transtab: new .*-> \([0-9,]*\);.*/\1/p' "$out/out-of-line-$1.err" | tr -d ,
  }
  moved_bytes=$(host_bytes yes) in_line_bytes=$(host_bytes no)
  if [ "$(cat "$out/out-of-line-yes.status" "$out/out-of-line-no.status")" = "0
0" ] && grep -q '^summary: [1-9]' "$out/out-of-line-yes.out" &&
     cmp -s "$out/out-of-line-yes.out" "$out/out-of-line-no.out" &&
     [ -n "$moved_bytes" ] && [ -n "$in_line_bytes" ] &&
     [ "$moved_bytes" -gt "$in_line_bytes" ] &&
     [ $(((moved_bytes - in_line_bytes) % 9)) = 0 ]; then
    pass out-of-line-calls-same-counts
  else
    fail out-of-line-calls-same-counts "statuses $(cat "$out"/out-of-line-*.status | tr '\n' ' '), host code $moved_bytes bytes moved, $in_line_bytes in line: $(grep -v '^==\|^--' "$out/out-of-line-yes.err" | head -2)"
  fi
fi

# vg-side-by-side: one program under the installed Cachegrind and ours in
# the same environment.  A deterministic program gives identical profiles
# (status 0); one whose work depends on the running tool's own mappings
# (its memory map lists the tool's file) does not (status 1); input on
# stdin reaches both runs; what cannot be compared is refused (status 2).
side=$out/side-by-side
rm -rf "$side" && mkdir -p "$side"
if gcc -O1 -o "$out/own-map" "$src/tests/tool/own-map.c" 2>"$out/build-own-map.err"; then
  (cd "$side" && "$build/vg-side-by-side" $caches "$out/own-map" plain \
    >"$side/plain.stdout" 2>"$side/plain.stderr" </dev/null)
  status=$?
  if [ $status = 0 ] && grep -q '^identical: ' "$side/plain.stdout" &&
     grep -q '^summary: [1-9]' "$side/cachegrind.out.ours" &&
     cmp -s "$side/cachegrind.out.ours" "$side/cachegrind.out.valgrind"; then
    pass side-by-side-identical
  else
    fail side-by-side-identical "status $status: $(cat "$side/plain.stdout" "$side/plain.stderr" | head -3)"
  fi
  (cd "$side" && "$build/vg-side-by-side" $caches "$out/own-map" map \
    >"$side/map.stdout" 2>"$side/map.stderr" </dev/null)
  status=$?
  if [ $status = 1 ] && grep -q '^different: ' "$side/map.stdout" &&
     grep -q '^first difference (ours against Valgrind.s): fl=' "$side/map.stdout" &&
     ! cmp -s "$side/cachegrind.out.ours" "$side/cachegrind.out.valgrind"; then
    pass side-by-side-different
  else
    fail side-by-side-different "status $status: $(cat "$side/map.stdout" "$side/map.stderr" | head -3)"
  fi
else
  fail build-own-map "own-map.c does not compile: $(head -1 "$out/build-own-map.err")"
fi
# A 32-bit program's stack lies where Valgrind's own place in memory puts
# it, which the kernel randomises: vg-side-by-side turns that off for both
# runs, so that such a program prints the same stack address twice.
if [ -n "$no_32bit" ]; then
  echo "note: $no_32bit: vg-side-by-side's 32-bit check is left out"
elif ! setarch "$(uname -m)" -R true 2>/dev/null; then
  echo "note: randomisation cannot be turned off here (setarch -R): vg-side-by-side's 32-bit check is left out"
elif gcc -m32 -O1 -o "$out/stack-address32" "$src/tests/tool/stack-address.c" 2>"$out/build-stack32.err"; then
  (cd "$side" && "$build/vg-side-by-side" $caches "$out/stack-address32" \
    >"$side/stack32.stdout" 2>"$side/stack32.stderr" </dev/null)
  status=$?
  if [ $status = 0 ] && grep -q '^identical: ' "$side/stack32.stdout" &&
     ! grep -q 'output differs' "$side/stack32.stdout"; then
    pass side-by-side-same-addresses-32-bit
  else
    fail side-by-side-same-addresses-32-bit "status $status: $(cat "$side/stack32.stdout" "$side/stack32.stderr" | head -3)"
  fi
else
  fail build-stack-address-32 "stack-address.c does not compile with -m32: $(head -1 "$out/build-stack32.err")"
fi
(cd "$side" && echo go | "$build/vg-side-by-side" $caches /bin/sh -c \
  'read word; [ "$word" = go ] && exit 3' >"$side/stdin.stdout" 2>"$side/stdin.stderr")
status=$?
if [ $status = 0 ] && grep -q 'exited with status 3 in both runs' "$side/stdin.stdout"; then
  pass side-by-side-stdin
else
  fail side-by-side-stdin "status $status: $(cat "$side/stdin.stdout" "$side/stdin.stderr" | head -3)"
fi
# tools/random-programs.sh: csmith's programs side by side.  One real
# program through this build's vg-side-by-side must be identical (and leave
# nothing in the folder it ran in); through a stand-in that reports a
# difference, the program is kept with the command that reproduces it, and
# the status is 1; bad arguments are refused.
randoms=$out/random-programs
rm -rf "$randoms" && mkdir -p "$randoms/fake"
(cd "$randoms" && sh "$src/tools/random-programs.sh" "$randoms/missing" 1 \
  >"$randoms/missing.stdout" 2>"$randoms/missing.stderr")
status=$?
(cd "$randoms" && sh "$src/tools/random-programs.sh" "$build" 1 x \
  >"$randoms/seed.stdout" 2>"$randoms/seed.stderr")
seed_status=$?
if [ $status = 2 ] && [ $seed_status = 2 ] &&
   grep -q 'missing/vg-side-by-side not found' "$randoms/missing.stderr" &&
   grep -q 'must be numbers' "$randoms/seed.stderr"; then
  pass random-programs-refusals
else
  fail random-programs-refusals "statuses $status, $seed_status: $(cat "$randoms"/*.stderr | head -2)"
fi
# Seed 2 makes, with csmith 2.3, a program that ends at once natively.
(cd "$randoms" && sh "$src/tools/random-programs.sh" "$build" 1 2 \
  >"$randoms/real.stdout" 2>"$randoms/real.stderr")
status=$?
if [ $status = 2 ] && grep -q 'csmith and its header are needed' "$randoms/real.stderr"; then
  echo "note: no csmith (apt-get install csmith libcsmith-dev): random-programs.sh's runs are left out"
else
  if [ $status = 0 ] && grep -qx '1 identical, 0 different, 0 not compared.*' "$randoms/real.stdout" &&
     [ ! -e "$randoms/platform.info" ]; then
    pass random-programs-identical
  else
    fail random-programs-identical "status $status: $(cat "$randoms/real.stdout" "$randoms/real.stderr" | head -2)"
  fi
  printf '#!/bin/sh\necho "first difference (ours against Valgrind): fl=p.c"\nexit 1\n' \
    >"$randoms/fake/vg-side-by-side" && chmod +x "$randoms/fake/vg-side-by-side"
  (cd "$randoms" && sh "$src/tools/random-programs.sh" "$randoms/fake" 1 2 \
    >"$randoms/fake.stdout" 2>"$randoms/fake.stderr")
  status=$?
  if [ $status = 1 ] && grep -q '^seed 2 (.*): first difference' "$randoms/fake.stdout" &&
     grep -qx '0 identical, 1 different, 0 not compared.*' "$randoms/fake.stdout" &&
     [ -s "$randoms/random-programs/2/p.c" ] &&
     grep -q '^gcc .* && .*/fake/vg-side-by-side .* ./p$' "$randoms/random-programs/2/command"; then
    pass random-programs-different-kept
  else
    fail random-programs-different-kept "status $status: $(cat "$randoms/fake.stdout" "$randoms/fake.stderr" | head -2)"
  fi
fi
# A run that writes no profile gets what Valgrind said, on stdout as
# --version says it when nothing came on stderr.
for refusal in out-file forking usage no-profile; do
  case $refusal in
    out-file) set -- --cachegrind-out-file=x /bin/true; expected='--cachegrind-out-file is set by vg-side-by-side' ;;
    forking) set -- /bin/sh -c 'true & wait'; expected='the program ran 2 processes' ;;
    usage) set --; expected='^usage: vg-side-by-side' ;;
    no-profile) set -- --version; expected='^valgrind-[0-9]' ;;
  esac
  (cd "$side" && "$build/vg-side-by-side" "$@" >"$side/$refusal.stdout" 2>"$side/$refusal.stderr" </dev/null)
  status=$?
  if [ $status = 2 ] && grep -q -e "$expected" "$side/$refusal.stderr"; then
    pass "side-by-side-refuses-$refusal"
  else
    fail "side-by-side-refuses-$refusal" "status $status: $(cat "$side/$refusal.stderr" | head -2)"
  fi
done
(cd "$side" && "$build/vg-side-by-side" -q --help >"$side/help.stdout" 2>"$side/help.stderr" </dev/null)
status=$?
if [ $status = 0 ] && head -1 "$side/help.stdout" | grep -q '^usage: vg-side-by-side' &&
   grep -q '^Exit status: 0 identical, 1 different, 2' "$side/help.stdout" &&
   [ ! -s "$side/help.stderr" ]; then
  pass side-by-side-help
else
  fail side-by-side-help "status $status: $(cat "$side/help.stdout" "$side/help.stderr" | head -2)"
fi

# tools/install-deps.sh, with apt-get, dpkg-query and id stood in for by
# scripts that say every package is missing and the user is root: an
# apt-get update that fails (a mirror mid-sync) is reported and the
# install still tried; an install that fails stops the script with its
# status.
fake=$out/fake-apt
rm -rf "$fake" && mkdir -p "$fake"
printf '#!/bin/sh\nexit 1\n' >"$fake/dpkg-query"
printf '#!/bin/sh\necho 0\n' >"$fake/id"
cat >"$fake/apt-get" <<'FAKE'
#!/bin/sh
echo "$*" >>"${0%/*}/calls"
case $1 in
update) echo "E: Some index files failed to download." >&2; exit 100 ;;
install) exit "$(cat "${0%/*}/install-status")" ;;
esac
FAKE
chmod +x "$fake/dpkg-query" "$fake/id" "$fake/apt-get"
for install_status in 0 100; do
  echo $install_status >"$fake/install-status"
  : >"$fake/calls"
  PATH=$fake:$PATH sh "$src/tools/install-deps.sh" build \
    >"$fake/stdout" 2>"$fake/stderr"
  status=$?
  if [ $status = "$install_status" ] &&
     grep -q '^install-deps: apt-get update failed' "$fake/stderr" &&
     [ "$(sed -n 1p "$fake/calls")" = "update -qq" ] &&
     sed -n 2p "$fake/calls" | grep -q '^install -y -qq gcc make .*gcc-multilib$'; then
    pass "install-deps-update-failed-install-$install_status"
  else
    fail "install-deps-update-failed-install-$install_status" \
      "status $status; calls: $(tr '\n' '|' <"$fake/calls"); $(head -2 "$fake/stderr")"
  fi
done
# And on a system without dpkg-query (a PATH of nothing but grep and the
# stand-ins for id and apt-get), it checks nothing, says so, and lets the
# build go on; it calls no apt-get.
rm -f "$fake/dpkg-query" && : >"$fake/calls" && ln -sf "$(command -v grep)" "$fake/grep"
PATH=$fake /bin/sh "$src/tools/install-deps.sh" all >"$fake/stdout" 2>"$fake/stderr"
status=$?
if [ $status = 0 ] && [ ! -s "$fake/calls" ] &&
   grep -q '^install-deps: no dpkg-query (not a Debian system?)' "$fake/stderr"; then
  pass install-deps-not-debian
else
  fail install-deps-not-debian "status $status; calls: $(tr '\n' '|' <"$fake/calls"); $(head -2 "$fake/stderr")"
fi

# Its failures are its FAIL lines: reaching this end is a clean end (see
# run-all.sh, which counts any other end as a failure).
exit 0
