//! Criterion benchmarks of the N-puzzle driver on the course's FAQ boards, and of the
//! complete 8-puzzle distance histogram. Run with `cargo bench -p searchlab-npuzzle`.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use searchlab_core::Strategy;
use searchlab_npuzzle::{
    distance_histogram, distance_histogram_with_engine, solve, AstarReading, Board, DriverOptions,
};

fn run(method: Strategy, board: &Board, goal: &Board, options: &DriverOptions) -> u64 {
    match solve(method, board, goal, options) {
        Ok(report) => report.nodes_expanded,
        Err(err) => panic!("benchmark board failed: {err}"),
    }
}

fn driver(c: &mut Criterion) {
    let goal = Board::goal(3).expect("3x3 goal");
    let hard = Board::parse("8,6,4,2,1,3,5,7,0").expect("FAQ board");
    let example = Board::parse("1,2,5,3,4,0,6,7,8").expect("spec board");
    let ignore = DriverOptions::default();
    let decrease_key = DriverOptions { astar: AstarReading::DecreaseKey, ..DriverOptions::default() };

    let mut group = c.benchmark_group("npuzzle");
    group.sample_size(30);
    group.bench_function("bfs 8,6,4,2,1,3,5,7,0 (166786 expanded)", |b| {
        b.iter(|| run(Strategy::BreadthFirst, black_box(&hard), &goal, &ignore))
    });
    group.bench_function("dfs 1,2,5,3,4,0,6,7,8 (181437 expanded)", |b| {
        b.iter(|| run(Strategy::DepthFirst, black_box(&example), &goal, &ignore))
    });
    group.bench_function("ast 8,6,4,2,1,3,5,7,0 ignore (1585 expanded)", |b| {
        b.iter(|| run(Strategy::AStar, black_box(&hard), &goal, &ignore))
    });
    group.bench_function("ast 8,6,4,2,1,3,5,7,0 decrease-key (1668 expanded)", |b| {
        b.iter(|| run(Strategy::AStar, black_box(&hard), &goal, &decrease_key))
    });
    group.bench_function("histogram 3x3 (181440 states)", |b| b.iter(|| distance_histogram(black_box(3))));
    group.bench_function("histogram 3x3 on the engine (181440 states)", |b| {
        b.iter(|| distance_histogram_with_engine(black_box(3)))
    });
    group.finish();
}

criterion_group!(benches, driver);
criterion_main!(benches);
