// Workload for the differential tests: code as the Rust compiler (LLVM)
// makes it, where the other workloads are GCC's: a hash map probed a group
// of slots at a time with SSE2, a B-tree map, an unstable sort, iterator
// chains and closures, calls through trait objects, 128-bit arithmetic,
// formatting into a string, and threads that send their results over a
// channel and add to a total under a mutex.
//
// The program has its own C `main`, so Rust's start-up code does not run:
// it asks glibc where the main thread's stack lies, which glibc finds by
// reading /proc/self/maps, and that file lists the running tool's own
// mappings, which differ between two tools (and so would the work of
// reading it).  The hash map's keys are hashed with fixed keys, not the
// random ones a map gets by default, so that every run does the same
// work.  It spawns threads, so the suite runs it on one CPU with the
// SCHED_FIFO policy, as it does the threads workload.
//
// SPDX-License-Identifier: GPL-2.0-or-later
// Build flags: -C opt-level=2
#![no_main]

use std::collections::hash_map::DefaultHasher;
use std::collections::{BTreeMap, HashMap};
use std::fmt::Write;
use std::hash::BuildHasherDefault;
use std::sync::{mpsc, Arc, Mutex};
use std::thread;

type FixedHashMap<K, V> = HashMap<K, V, BuildHasherDefault<DefaultHasher>>;

trait Shape {
    fn area(&self) -> f64;
}

struct Square(f64);
struct Circle(f64);

impl Shape for Square {
    fn area(&self) -> f64 {
        self.0 * self.0
    }
}

impl Shape for Circle {
    fn area(&self) -> f64 {
        3.14159 * self.0 * self.0
    }
}

fn collatz_steps(mut n: u64) -> u32 {
    let mut steps = 0;
    while n != 1 {
        n = if n % 2 == 0 { n / 2 } else { 3 * n + 1 };
        steps += 1;
    }
    steps
}

fn word_counts(text: &str, rounds: usize) -> FixedHashMap<String, usize> {
    let mut counts = FixedHashMap::default();
    for _ in 0..rounds {
        for word in text.split_whitespace() {
            *counts.entry(word.to_string()).or_insert(0) += 1;
        }
    }
    counts
}

fn shapes_area(count: usize) -> f64 {
    let shapes: Vec<Box<dyn Shape>> = (0..count)
        .map(|i| -> Box<dyn Shape> {
            if i % 3 == 0 {
                Box::new(Circle(i as f64 / 10.0))
            } else {
                Box::new(Square(i as f64 / 7.0))
            }
        })
        .collect();
    shapes.iter().map(|s| s.area()).sum()
}

fn mixed_product(rounds: u64) -> u128 {
    let mut x: u128 = 0x9e37_79b9_7f4a_7c15;
    for i in 1..=rounds {
        x = x.wrapping_mul(0x2545_f491_4f6c_dd1d).wrapping_add(i as u128);
        x ^= x >> 67;
    }
    x
}

fn threaded_sums(threads: u64) -> (u64, u64) {
    let total = Arc::new(Mutex::new(0u64));
    let (sender, receiver) = mpsc::channel();
    let handles: Vec<_> = (0..threads)
        .map(|t| {
            let sender = sender.clone();
            let total = Arc::clone(&total);
            thread::spawn(move || {
                let sum: u64 = (0..20000u64).map(|i| (i * (t + 1)) % 1009).sum();
                *total.lock().unwrap() += sum;
                sender.send(sum).unwrap();
            })
        })
        .collect();
    drop(sender);
    for handle in handles {
        handle.join().unwrap();
    }
    let received: u64 = receiver.iter().sum();
    let total = *total.lock().unwrap();
    (received, total)
}

#[no_mangle]
pub extern "C" fn main(_argc: i32, _argv: *const *const u8) -> i32 {
    let text = "the quick brown fox jumps over the lazy dog and the end";
    let counts = word_counts(text, 2000);
    let ordered: BTreeMap<&String, &usize> = counts.iter().collect();

    let mut values: Vec<u64> = (0..20000u64).map(|i| (i * 7919) % 10007).collect();
    values.sort_unstable();
    let longest = (1..20000u64).max_by_key(|&n| collatz_steps(n)).unwrap_or(0);

    let (received, total) = threaded_sums(3);

    let mut report = String::new();
    for (word, count) in &ordered {
        write!(report, "{}={} ", word, count).unwrap();
    }
    writeln!(
        report,
        "\nmedian {} longest {} area {:.3} product {:x} sums {} {}",
        values[values.len() / 2],
        longest,
        shapes_area(3000),
        mixed_product(50000),
        received,
        total
    )
    .unwrap();
    print!("{}", report);
    0
}
