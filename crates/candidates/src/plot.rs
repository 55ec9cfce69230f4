//! The accuracy-vs-count chart of a benchmark report as a self-contained SVG
//! (written by hand: no plotting dependency). Curves: the combined ranking,
//! each seed score alone, random candidates; points: the settings of the
//! seed's tables as measured (filled) and as the seed reports them (hollow).

use crate::bench::BenchReport;
use crate::generate::Method;
use std::fmt::Write as _;

const WIDTH: f64 = 760.0;
const HEIGHT: f64 = 500.0;
const LEFT: f64 = 60.0;
const RIGHT: f64 = 200.0;
const TOP: f64 = 40.0;
const BOTTOM: f64 = 50.0;
/// The largest candidate count on the x axis.
const MAX_COUNT: usize = 300;

fn x_of(count: f64) -> f64 {
    LEFT + (WIDTH - LEFT - RIGHT) * count / MAX_COUNT as f64
}

fn y_of(accuracy: f64) -> f64 {
    TOP + (HEIGHT - TOP - BOTTOM) * (1.0 - accuracy)
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn polyline(out: &mut String, points: &[(f64, f64)], color: &str, width: f64, dash: &str) {
    let mut d = String::new();
    for (i, (c, a)) in points.iter().enumerate() {
        let _ = write!(
            d,
            "{}{:.1},{:.1}",
            if i == 0 { "" } else { " " },
            x_of(*c),
            y_of(*a)
        );
    }
    let dash = if dash.is_empty() {
        String::new()
    } else {
        format!(" stroke-dasharray=\"{dash}\"")
    };
    let _ = writeln!(
        out,
        "<polyline fill=\"none\" stroke=\"{color}\" stroke-width=\"{width}\"{dash} points=\"{d}\"/>"
    );
}

/// The chart of `report` as SVG text.
pub fn accuracy_svg(report: &BenchReport, title: &str) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{HEIGHT}\" \
         viewBox=\"0 0 {WIDTH} {HEIGHT}\" font-family=\"sans-serif\" font-size=\"12\">"
    );
    let _ = writeln!(s, "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>");
    let _ = writeln!(
        s,
        "<text x=\"{}\" y=\"22\" font-size=\"15\" text-anchor=\"middle\">{}</text>",
        f64::midpoint(LEFT, WIDTH - RIGHT),
        escape(title)
    );
    // Grid and axes.
    for i in 0..=10 {
        let a = f64::from(i) / 10.0;
        let y = y_of(a);
        let _ = writeln!(
            s,
            "<line x1=\"{LEFT}\" y1=\"{y:.1}\" x2=\"{:.1}\" y2=\"{y:.1}\" stroke=\"#ddd\"/>\
             <text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>",
            x_of(MAX_COUNT as f64),
            LEFT - 6.0,
            y + 4.0,
            i * 10
        );
    }
    for c in (0..=MAX_COUNT).step_by(50) {
        let x = x_of(c as f64);
        let _ = writeln!(
            s,
            "<line x1=\"{x:.1}\" y1=\"{TOP}\" x2=\"{x:.1}\" y2=\"{:.1}\" stroke=\"#ddd\"/>\
             <text x=\"{x:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{c}</text>",
            y_of(0.0),
            y_of(0.0) + 16.0
        );
    }
    let _ = writeln!(
        s,
        "<rect x=\"{LEFT}\" y=\"{TOP}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"none\" stroke=\"black\"/>",
        x_of(MAX_COUNT as f64) - LEFT,
        y_of(0.0) - TOP
    );
    let _ = writeln!(
        s,
        "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">candidates per position</text>",
        f64::midpoint(LEFT, x_of(MAX_COUNT as f64)),
        HEIGHT - 12.0
    );
    let _ = writeln!(
        s,
        "<text transform=\"translate(16 {:.1}) rotate(-90)\" text-anchor=\"middle\">accuracy (%)</text>",
        f64::midpoint(TOP, y_of(0.0))
    );
    // Curves.
    let curve = |c: &crate::bench::Curve| -> Vec<(f64, f64)> {
        (0..=MAX_COUNT).map(|k| (k as f64, c.accuracy(k))).collect()
    };
    let random: Vec<(f64, f64)> = (0..=MAX_COUNT)
        .map(|k| (k as f64, report.random_accuracy(k)))
        .collect();
    let lines = [
        (
            "combined ranking",
            curve(&report.combined),
            "#d62728",
            2.5,
            "",
        ),
        ("Pm alone", curve(&report.single[0]), "#1f77b4", 1.2, ""),
        ("Pp alone", curve(&report.single[1]), "#2ca02c", 1.2, ""),
        ("Pb alone", curve(&report.single[2]), "#9467bd", 1.2, ""),
        ("random", random, "#555", 1.5, "6 4"),
    ];
    let legend_x = WIDTH - RIGHT + 16.0;
    for (i, (name, points, color, width, dash)) in lines.iter().enumerate() {
        polyline(&mut s, points, color, *width, dash);
        let y = TOP + 10.0 + 20.0 * i as f64;
        let dash_attr = if dash.is_empty() {
            String::new()
        } else {
            format!(" stroke-dasharray=\"{dash}\"")
        };
        let _ = writeln!(
            s,
            "<line x1=\"{legend_x}\" y1=\"{y}\" x2=\"{}\" y2=\"{y}\" stroke=\"{color}\" stroke-width=\"{width}\"{dash_attr}/>\
             <text x=\"{}\" y=\"{}\">{name}</text>",
            legend_x + 24.0,
            legend_x + 30.0,
            y + 4.0
        );
    }
    // Points of the seed's settings.
    let n = report.positions.max(1) as f64;
    for row in &report.rows {
        let (color, square) = match row.setting.method {
            Method::TopXyz { .. } => ("#ff7f0e", false),
            Method::Threshold(_) => ("#17becf", true),
            Method::Combined { .. } => ("#d62728", false),
        };
        let measured = (row.candidates as f64 / n, row.hits as f64 / n);
        let mut marks = vec![(measured, true)];
        if let Some((count, acc)) = row.setting.paper {
            marks.push(((count, acc / 100.0), false));
        }
        for ((c, a), filled) in marks {
            let (x, y) = (x_of(c.min(MAX_COUNT as f64)), y_of(a));
            let fill = if filled { color } else { "white" };
            let title = format!(
                "{} ({}): {:.1} candidates, {:.1} %",
                row.setting.label,
                if filled { "measured" } else { "seed" },
                c,
                100.0 * a
            );
            if square {
                let _ = writeln!(
                    s,
                    "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"8\" height=\"8\" fill=\"{fill}\" stroke=\"{color}\" stroke-width=\"1.5\"><title>{}</title></rect>",
                    x - 4.0,
                    y - 4.0,
                    escape(&title)
                );
            } else {
                let _ = writeln!(
                    s,
                    "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"4\" fill=\"{fill}\" stroke=\"{color}\" stroke-width=\"1.5\"><title>{}</title></circle>",
                    escape(&title)
                );
            }
        }
    }
    let base = TOP + 10.0 + 20.0 * lines.len() as f64 + 10.0;
    let marks = [
        ("table 1, measured", "#ff7f0e", false, true),
        ("table 1, seed", "#ff7f0e", false, false),
        ("table 2, measured", "#17becf", true, true),
        ("table 2, seed", "#17becf", true, false),
    ];
    for (i, (name, color, square, filled)) in marks.iter().enumerate() {
        let y = base + 20.0 * i as f64;
        let fill = if *filled { *color } else { "white" };
        let cx = legend_x + 12.0;
        if *square {
            let _ = writeln!(
                s,
                "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"8\" height=\"8\" fill=\"{fill}\" stroke=\"{color}\" stroke-width=\"1.5\"/>",
                cx - 4.0,
                y - 4.0
            );
        } else {
            let _ = writeln!(
                s,
                "<circle cx=\"{cx}\" cy=\"{y}\" r=\"4\" fill=\"{fill}\" stroke=\"{color}\" stroke-width=\"1.5\"/>"
            );
        }
        let _ = writeln!(
            s,
            "<text x=\"{}\" y=\"{}\">{name}</text>",
            legend_x + 30.0,
            y + 4.0
        );
    }
    s.push_str("</svg>\n");
    s
}
