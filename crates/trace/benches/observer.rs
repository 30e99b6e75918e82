//! Does observing cost anything when nobody listens? The same searches with `NoObserver`
//! (what `searchlab digits` runs without `--trace`), with a closure that ignores every
//! event (the generic observer path), and with the JSON Lines trace writer into a sink.
//! Results: `docs/trace.md`.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use searchlab_core::catalog::Puzzle;
use searchlab_core::{search_with, Event, NoObserver, Strategy};
use searchlab_npuzzle::{Board, SlidingInstance, SlidingProblem, SlidingPuzzle};
use searchlab_threedigits::{letter, parse_instance, spec_options, DigitsProblem};
use searchlab_trace::TraceWriter;

fn digits(c: &mut Criterion) {
    // An unreachable goal (its three neighbours are forbidden): every strategy runs to the
    // spec's limit of 1000 expanded nodes.
    let instance = parse_instance(b"000\n999\n899,989,998\n").unwrap();
    let problem = DigitsProblem::new(instance);
    let mut group = c.benchmark_group("digits");
    for strategy in [Strategy::BreadthFirst, Strategy::AStar] {
        let (algorithm, options) = (letter(strategy).unwrap_or("?"), spec_options());
        group.bench_function(BenchmarkId::new("no-observer", algorithm), |b| {
            b.iter(|| search_with(black_box(&problem), strategy, &options, &mut NoObserver).stats)
        });
        group.bench_function(BenchmarkId::new("noop-closure", algorithm), |b| {
            b.iter(|| {
                let mut noop = |_: &Event<'_, DigitsProblem>| {};
                search_with(black_box(&problem), strategy, &options, &mut noop).stats
            })
        });
        group.bench_function(BenchmarkId::new("trace-to-sink", algorithm), |b| {
            b.iter(|| {
                let mut tracer = TraceWriter::to_writer(&problem, std::io::sink());
                let stats = search_with(black_box(&problem), strategy, &options, &mut tracer).stats;
                tracer.finish().unwrap();
                stats
            })
        });
    }
    group.finish();
}

fn npuzzle(c: &mut Criterion) {
    // The course's board for A* (1585 expansions) and BFS on a 14-move board.
    let mut group = c.benchmark_group("npuzzle");
    for (method, board) in [("ast", "8,6,4,2,1,3,5,7,0"), ("bfs", "1,2,5,3,4,8,0,6,7")] {
        let instance = SlidingInstance::standard(Board::parse(board).unwrap()).unwrap();
        let problem = SlidingPuzzle::problem(&instance).unwrap();
        let entry = SlidingPuzzle::strategy(method).unwrap();
        group.bench_function(BenchmarkId::new("no-observer", method), |b| {
            b.iter(|| search_with(black_box(&problem), entry.strategy, &entry.options, &mut NoObserver).stats)
        });
        group.bench_function(BenchmarkId::new("noop-closure", method), |b| {
            b.iter(|| {
                let mut noop = |_: &Event<'_, SlidingProblem>| {};
                search_with(black_box(&problem), entry.strategy, &entry.options, &mut noop).stats
            })
        });
    }
    group.finish();
}

criterion_group!(benches, digits, npuzzle);
criterion_main!(benches);
