#![allow(dead_code, clippy::all, clippy::pedantic)]
#[path = "support/deal.rs"]
mod deal;
#[path = "support/harsh.rs"]
mod harsh;
use harsh::Case;
#[path = "../tests/ilp/mod.rs"]
mod ilp;
use std::time::Instant;

fn classes() -> Vec<(String, Vec<Case>)> {
    let mut classes: Vec<(String, Vec<Case>)> = Vec::new();
    let text = std::fs::read_to_string("benches/positions.txt").unwrap();
    let bench: Vec<Case> = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let p = deal::Position::from_line(l).unwrap();
            Case { table: p.table, hand: p.hand, rules: carousel::Rules::default(), deck: deal::three_players() }
        })
        .collect();
    classes.push(("bench".into(), bench));
    classes.push(("sparse".into(), (0..60).map(harsh::sparse).collect()));
    classes.push(("window".into(), (0..60).map(harsh::window).collect()));
    classes.push(("duplicates".into(), (0..60).map(harsh::duplicates).collect()));
    let text = std::fs::read_to_string("benches/hard.txt").unwrap();
    for line in text.lines() {
        if let Some(name) = line.strip_prefix("## ") {
            classes.push((name.trim().to_string(), Vec::new()));
        } else if !line.trim().is_empty() && !line.starts_with('#') {
            let case = Case::from_line(line).unwrap();
            classes.last_mut().unwrap().1.push(case);
        }
    }
    classes
}

fn time(case: &Case, var: &str, on: bool) -> f64 {
    unsafe {
        let val = if on { std::env::var("ONVAL").ok() } else { Some(std::env::var("OFFVAL").unwrap_or("off".into())) };
        match val { Some(v) if !v.is_empty() => std::env::set_var(var, v), _ => std::env::remove_var(var) }
    }
    let mut best = f64::MAX;
    for _ in 0..2 {
        let t = Instant::now();
        let _ = carousel::solver::solve(&case.table, &case.hand, &case.rules, case.deck).unwrap();
        best = best.min(t.elapsed().as_secs_f64() * 1e3);
    }
    best
}
fn best_of(runs: usize, mut f: impl FnMut()) -> f64 {
    let mut best = f64::MAX;
    for _ in 0..runs {
        let t = Instant::now();
        f();
        best = best.min(t.elapsed().as_secs_f64() * 1e3);
    }
    best
}

fn main() {
    use carousel::solver::methods::*;
    let args: Vec<String> = std::env::args().collect();
    let only = args.iter().position(|a| a == "--only").and_then(|i| args.get(i + 1)).cloned();
    if args.iter().any(|a| a == "--prof") {
        for (name, cases) in classes() {
            if only.as_ref().is_some_and(|o| !name.contains(o.as_str())) { continue; }
            for c in &cases { std::hint::black_box(solve_alone(Method::Search, &c.table, &c.hand, &c.rules, c.deck).unwrap()); }
        }
        return;
    }
    if let Some(at) = args.iter().position(|a| a == "--solve1") {
        let i: usize = args[at + 1].parse().unwrap();
        for (name, cases) in classes() {
            if only.as_ref().is_some_and(|o| !name.contains(o.as_str())) { continue; }
            let c = &cases[i];
            let t = best_of(1, || { std::hint::black_box(carousel::solver::solve(&c.table, &c.hand, &c.rules, c.deck).unwrap()); });
            println!("{name} {i}: solve {t:.2} ms");
        }
        return;
    }
    if let Some(at) = args.iter().position(|a| a == "--one") {
        let i: usize = args[at + 1].parse().unwrap();
        for (name, cases) in classes() {
            if only.as_ref().is_some_and(|o| !name.contains(o.as_str())) { continue; }
            let c = &cases[i];
            println!("{name} {i}: work {}\n{}", search_work(&c.table, &c.hand, &c.rules, c.deck).unwrap(), c.to_line());
        }
        return;
    }
    if args.iter().any(|a| a == "--dump") {
        for (name, cases) in classes() {
            for (i, c) in cases.iter().enumerate() {
                let moves = search_work(&c.table, &c.hand, &c.rules, c.deck).unwrap();
                let pivots = 0u64;
                let (mut ts, mut tp, mut tv) = (f64::MAX, f64::MAX, f64::MAX);
                for _ in 0..3 {
                    tv = tv.min(best_of(1, || { std::hint::black_box(carousel::solver::solve(&c.table, &c.hand, &c.rules, c.deck).unwrap()); }));
                    ts = ts.min(best_of(1, || { std::hint::black_box(solve_alone(Method::Search, &c.table, &c.hand, &c.rules, c.deck).unwrap()); }));
                    tp = tp.min(best_of(1, || { std::hint::black_box(solve_alone(Method::Program, &c.table, &c.hand, &c.rules, c.deck).unwrap()); }));
                }
                println!("{name}\t{i}\t{tv:.4}\t{ts:.4}\t{tp:.4}\t{moves}\t{pivots}\t0");
            }
        }
        return;
    }
    if args.iter().any(|a| a == "--ab") {
        let var = std::env::var("TOGGLE").unwrap();
        let off = std::env::var("OFFVAL").unwrap();
        let solve_ms = |c: &Case| best_of(1, || { std::hint::black_box(carousel::solver::solve(&c.table, &c.hand, &c.rules, c.deck).unwrap()); });
        for (name, cases) in classes() {
            if only.as_ref().is_some_and(|o| !name.contains(o.as_str())) { continue; }
            let (mut a, mut b) = (Vec::new(), Vec::new());
            for c in &cases {
                let (mut x, mut y) = (f64::MAX, f64::MAX);
                for _ in 0..3 {
                    unsafe { std::env::set_var(&var, &off); }
                    x = x.min(solve_ms(c));
                    unsafe { match std::env::var("ONVAL") { Ok(v) => std::env::set_var(&var, v), Err(_) => std::env::remove_var(&var) } }
                    y = y.min(solve_ms(c));
                }
                a.push(x); b.push(y);
            }
            let q = |v: &mut Vec<f64>| { v.sort_by(|x, y| x.partial_cmp(y).unwrap()); format!("{:7.2} {:7.2} {:7.2}", v[v.len() / 2], v[(v.len() * 95) / 100], v[v.len() - 1]) };
            let (sa, sb): (f64, f64) = (a.iter().sum(), b.iter().sum());
            println!("{name:<45} before {}   after {}   sum {:.1} -> {:.1} ({:+.1}%)", q(&mut a), q(&mut b), sa, sb, 100.0 * (sb / sa - 1.0));
        }
        return;
    }
    if args.iter().any(|a| a == "--toggle") {
        let var = std::env::var("TOGGLE").unwrap();
        for (name, cases) in classes() {
            if only.as_ref().is_some_and(|o| !name.contains(o.as_str())) { continue; }
            for (i, c) in cases.iter().enumerate() {
                unsafe { std::env::remove_var(&var); }
                let a = search_work(&c.table, &c.hand, &c.rules, c.deck).unwrap();
                unsafe { std::env::set_var(&var, "1"); }
                let b = search_work(&c.table, &c.hand, &c.rules, c.deck).unwrap();
                unsafe { std::env::remove_var(&var); }
                let d = carousel::solver::solve(&c.table, &c.hand, &c.rules, c.deck).unwrap().deadwood;
                println!("{name}\t{i}\t{a}\t{b}\t{d}\t{}", c.hand.cards().len());
            }
        }
        return;
    }
}
