//! `keisei territory FILE.sgf [--move N] [--blocks zone|restriction] [--json]`.

use crate::args::{BlockArg, PositionArgs};
use crate::cmd::{Result, load_position};
use crate::out::{out, outln};
use keisei_board::reading::{Reader, Status};
use keisei_board::{Board, BoardMap, Color, Point, PointSet};
use keisei_territory::patterns::{ConnectionPatterns, RemovalRules};
use keisei_territory::{
    AttackEaseParams, BlockCell, BlockModel, LinkEnd, Owner, TerritoryOptions, attack_ease, blocks,
    connections, territory,
};
use serde::Serialize;

#[derive(Serialize)]
struct LinkJson {
    color: Color,
    from: String,
    /// A vertex, or `edge`.
    to: String,
    kind: String,
    coefficient: f64,
    cuts: Vec<CutJson>,
}

#[derive(Serialize)]
struct CutJson {
    point: String,
    state: keisei_territory::CutState,
}

#[derive(Serialize)]
struct TerritoryJson {
    size: u8,
    move_number: usize,
    links: Vec<LinkJson>,
    /// Rows top first: `x` Black's territory, `o` White's, `.` neither.
    territory: Vec<String>,
    territory_black: usize,
    territory_white: usize,
    block_model: BlockModel,
    /// The stones given blocks: those the tactical reader finds safe.
    unattackable: Vec<String>,
    /// Rows top first: `x` Black's block, `o` White's, `*` both, `.` none.
    blocks: Vec<String>,
    /// G on territory points (1 = safe), rows top first.
    attack_ease: BoardMap<f64>,
    /// The kosuri distance on territory points (null elsewhere), rows top first.
    kosuri_distance: BoardMap<Option<u32>>,
    /// `Σ C_ter · G · δ_ter` (seed 001 eq. 1) for each colour.
    territory_value_black: f64,
    territory_value_white: f64,
}

fn rows<T: Clone>(map: &BoardMap<T>, cell: impl Fn(&T) -> char) -> Vec<String> {
    map.rows()
        .iter()
        .map(|r| r.iter().map(&cell).collect())
        .collect()
}

/// Stones of chains the tactical reader cannot capture: the standalone
/// stand-in for "cannot be attacked" until group danger decides it.
fn safe_stones(board: &Board, reader: &mut Reader) -> PointSet {
    let limits = keisei_board::reading::Limits::DEFAULT;
    let mut out = PointSet::new();
    for head in board.chain_heads().collect::<Vec<_>>() {
        if reader.chain_status(board, head, &limits) == Status::Safe {
            out.extend(board.chain_stones(head));
        }
    }
    out
}

pub(crate) fn run(args: &PositionArgs, model: BlockArg, json: bool) -> Result<()> {
    let (_, pos) = load_position(args)?;
    let board = &pos.board;
    let size = board.size();
    let mut reader = Reader::new();
    let links = connections(board, ConnectionPatterns::builtin(), &mut reader);
    let t = territory(board, &links, &TerritoryOptions::default());
    let unattackable = safe_stones(board, &mut reader);
    let model = match model {
        BlockArg::Zone => BlockModel::Zone,
        BlockArg::Restriction => BlockModel::Restriction,
    };
    let b = blocks(board, &unattackable, model, RemovalRules::builtin());
    let ease = attack_ease(board, &t, &b, &AttackEaseParams::default());
    let vertex = |p: Point| p.to_gtp(size);
    let link_json: Vec<LinkJson> = links
        .links
        .iter()
        .map(|l| LinkJson {
            color: l.color,
            from: vertex(l.from),
            to: match l.to {
                LinkEnd::Stone(q) => vertex(q),
                LinkEnd::Edge(_) => "edge".to_string(),
            },
            kind: l.kind.to_string(),
            coefficient: l.coefficient,
            cuts: l
                .cuts
                .iter()
                .map(|&(p, state)| CutJson {
                    point: vertex(p),
                    state,
                })
                .collect(),
        })
        .collect();
    let block_map = b.map(size);
    if json {
        let j = TerritoryJson {
            size,
            move_number: pos.move_number,
            links: link_json,
            territory: rows(&t.map, |o| match o {
                Owner::Black => 'x',
                Owner::White => 'o',
                Owner::None => '.',
            }),
            territory_black: t.black,
            territory_white: t.white,
            block_model: model,
            unattackable: unattackable.iter().map(vertex).collect(),
            blocks: rows(&block_map, |c| match c {
                BlockCell::None => '.',
                BlockCell::Black => 'x',
                BlockCell::White => 'o',
                BlockCell::Both => '*',
            }),
            attack_ease: ease.g,
            kosuri_distance: ease.distance,
            territory_value_black: ease.black,
            territory_value_white: ease.white,
        };
        outln!("{}", serde_json::to_string_pretty(&j)?);
        return Ok(());
    }
    outln!("Links ({}):", link_json.len());
    for l in &link_json {
        let cuts: Vec<String> = l
            .cuts
            .iter()
            .map(|c| format!("{} {:?}", c.point, c.state).to_lowercase())
            .collect();
        outln!(
            "  {} {}-{} {} {} [{}]",
            l.color.letter(),
            l.from,
            l.to,
            l.kind,
            l.coefficient,
            cuts.join(", ")
        );
    }
    outln!(
        "\nTerritory (x Black, o White): Black {} White {}",
        t.black,
        t.white
    );
    out!("{}", t.map.render_with_stones(board));
    outln!(
        "\nControl blocks, {model:?} model, around the stones the tactical reader finds safe (x Black, o White, * both):"
    );
    out!("{}", block_map.render_with_stones(board));
    outln!(
        "\nAttack-ease G of territory (1 = safe; seed 001 territory value: Black {:.2} White {:.2}):",
        ease.black,
        ease.white
    );
    out!("{}", ease.g.render_with_stones(board));
    Ok(())
}
