//! The game in progress, rule by rule. Steps are written in the log's notation
//! (`bob: draw`, `bob: play 1 = ...`), which these tests read back too.

use super::*;
use crate::games::manipulation::game::GameRecord;
use crate::games::manipulation::moves::Illegal;
use crate::hand::HandEntry;
use crate::session::Note as Said;

fn names(list: &[&str]) -> Vec<String> {
    list.iter().map(std::string::ToString::to_string).collect()
}

fn game_with(list: &[&str], rules: Rules) -> Game {
    Game::new(names(list), rules).unwrap()
}

fn three() -> Game {
    game_with(&["alice", "bob", "carol"], Rules::default())
}

/// Takes a step written as the log writes it; gives the game's own notes of it.
fn step(game: &mut Game, text: &str) -> Result<Vec<Note>, Error> {
    let step = game
        .parse_step(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    Ok(game
        .apply(step)?
        .into_iter()
        .filter_map(|note| match note {
            Said::Game(note) => Some(note),
            _ => None,
        })
        .collect())
}

fn steps(game: &mut Game, texts: &[&str]) {
    for text in texts {
        step(game, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    }
}

fn refused(game: &mut Game, text: &str) -> String {
    let before = game.clone();
    let err = step(game, text).expect_err(text);
    assert_eq!(*game, before, "a refused step changed the game: {text}");
    err.to_string()
}

fn rules(edit: impl FnOnce(&mut Rules)) -> Rules {
    let mut rules = Rules::default();
    edit(&mut rules);
    rules
}

/// The round ended by `player`'s knock and now waits for the other hands.
fn assert_knocked(game: &Game, player: usize) {
    assert!(
        matches!(
            game.round().phase,
            Phase::Hands { end: RoundEnd::Knock(p), .. } if p == player
        ),
        "expected {player}'s knock to end the round: {:?}",
        game.round().phase
    );
}

/// Three players dealt 3 cards each: a draw and a 3-card meld leave 1 card, a hand small
/// enough to knock with (the meld ends the turn, so the knock may follow).
fn small() -> Game {
    game_with(&["alice", "bob", "carol"], rules(|r| r.hand_size = 3))
}

#[test]
fn deal_left_of_the_dealer_plays_first() {
    let game = three();
    assert_eq!(game.round().dealer, 0);
    assert_eq!(game.round().turn, 1);
    assert_eq!(game.round().held, vec![10, 10, 10]);
    let mut game = three();
    game.set_first_dealer(2).unwrap();
    assert_eq!(game.round().turn, 0);
}

#[test]
fn stock_is_the_deck_less_the_hands_and_the_table() {
    let mut game = three();
    assert_eq!(game.round().stock(), 106 - 30);
    let two = game_with(&["ann", "ben"], Rules::default());
    assert_eq!(two.round().stock(), 53 - 20);
    steps(&mut game, &["bob: draw"]);
    assert_eq!(game.round().stock(), 75);
    assert_eq!(game.round().held[1], 11);
    steps(&mut game, &["bob: play = 3s 4s 5s"]);
    assert_eq!(
        game.round().stock(),
        75,
        "a meld moves cards from hand to table"
    );
    assert_eq!(game.round().held[1], 8);
}

#[test]
fn turn_begins_with_a_draw() {
    let mut game = three();
    assert!(refused(&mut game, "bob: play = 3s 4s 5s").contains("has not drawn yet"));
    assert!(refused(&mut game, "bob: done").contains("has not drawn yet"));
    assert!(refused(&mut game, "bob: knock 3").contains("has not drawn yet"));
    assert!(refused(&mut game, "alice: draw").contains("it is bob's turn"));
}

#[test]
fn turn_no_meld_after_third_draw() {
    let mut game = three();
    steps(&mut game, &["bob: draw", "bob: draw", "bob: draw"]);
    let err = refused(&mut game, "bob: play = 3s 4s 5s");
    assert!(err.contains("no meld after the third draw"), "{err}");
    // The turn may still end in a knock, or simply end.
    steps(&mut game, &["bob: done"]);
    assert_eq!(game.round().turn, 2);
}

#[test]
fn turn_meld_after_third_draw_is_a_house_rule() {
    let mut game = game_with(
        &["alice", "bob", "carol"],
        rules(|r| r.meld_after_third_draw = true),
    );
    steps(
        &mut game,
        &[
            "bob: draw",
            "bob: draw",
            "bob: draw",
            "bob: play = 3s 4s 5s",
        ],
    );
    assert_eq!(game.round().held[1], 10);
}

#[test]
fn turn_fourth_draw_refused() {
    let mut game = three();
    steps(&mut game, &["bob: draw", "bob: draw", "bob: draw"]);
    let err = refused(&mut game, "bob: draw");
    assert_eq!(
        err,
        "bob has drawn three cards this turn; a fourth draw is refused"
    );
}

#[test]
fn turn_melding_ends_the_drawing() {
    let mut game = three();
    steps(&mut game, &["bob: draw", "bob: play = 3s 4s 5s"]);
    let err = refused(&mut game, "bob: draw");
    assert!(err.contains("melding ends the drawing"), "{err}");
    // More moves in the same turn are fine, and so is ending it after one draw.
    steps(&mut game, &["bob: play 1 = 3s 4s 5s 6s", "bob: done"]);
    assert_eq!(game.round().turn, 2);
}

#[test]
fn turn_without_a_meld_takes_three_draws() {
    let mut game = three();
    steps(&mut game, &["bob: draw"]);
    let err = refused(&mut game, "bob: done");
    assert!(err.contains("the turn goes on to a third draw"), "{err}");
    steps(&mut game, &["bob: draw"]);
    refused(&mut game, "bob: done");
    steps(&mut game, &["bob: draw", "bob: done"]);
    assert_eq!(game.round().turn, 2);
    assert_eq!(game.round().draws, 0);
}

#[test]
fn move_updates_the_table_and_the_card_count() {
    let mut game = three();
    steps(
        &mut game,
        &[
            "bob: draw",
            "bob: play = 3s 4s 5s 6s | 3h 4h 5h 6h",
            "bob: done",
            "carol: draw",
        ],
    );
    let notes = step(
        &mut game,
        "carol: play 1 2 = 3s 4s 5s | 3h 4h 5h | 6s 6h 6d",
    )
    .unwrap();
    let Note::Played {
        played,
        held,
        fresh,
        ..
    } = &notes[0]
    else {
        panic!("{notes:?}")
    };
    assert_eq!(Spaced(played).to_string(), "6d");
    assert_eq!(*held, 10);
    assert_eq!(fresh, &vec![1, 2, 3]);
    assert_eq!(
        game.round().table.to_string(),
        "3s 4s 5s | 3h 4h 5h | 6s 6h 6d"
    );
}

#[test]
fn move_illegal_is_explained_rule_by_rule_and_changes_nothing() {
    let mut game = three();
    steps(
        &mut game,
        &["bob: draw", "bob: play = 8h 9h *10h", "bob: done"],
    );
    steps(&mut game, &["carol: draw"]);
    let before = game.clone();
    let err = step(&mut game, "carol: play 1 = 6h *7h 8h 9h").unwrap_err();
    let Some(Illegal(verdict)) = err.game::<Illegal>() else {
        panic!("{err}")
    };
    assert_eq!(verdict.violations.len(), 1);
    assert_eq!(verdict.violations[0].rule, MoveRule::M4);
    assert!(err.is_refusal());
    assert_eq!(game, before);
}

#[test]
fn move_joker_released_by_its_real_card_is_restated() {
    let mut game = three();
    steps(
        &mut game,
        &["bob: draw", "bob: play = 8h 9h *10h", "bob: done"],
    );
    steps(
        &mut game,
        &["carol: draw", "carol: play 1 = 8h 9h 10h | 7s 7d *7c"],
    );
    assert_eq!(game.round().table.to_string(), "8h 9h 10h | 7s 7d *7c");
    assert_eq!(game.round().held[2], 11 - 3);
}

#[test]
fn move_laying_more_cards_than_held_breaks_m2() {
    let mut game = game_with(&["ann", "ben"], rules(|r| r.hand_size = 2));
    steps(&mut game, &["ben: draw"]);
    let err = refused(&mut game, "ben: play = 3s 4s 5s 6s");
    assert!(
        err.contains("M2 ben holds 3 cards, but the move lays 4 from the hand"),
        "{err}"
    );
}

#[test]
fn move_new_melds_take_the_numbers_of_those_they_replace() {
    let game = three();
    let setup = game.setup();
    let before = Table::parse(
        "Ac 2c 3c | 7h 8h 9h | Ks Kd Kc",
        setup.meld_rules,
        setup.deck,
    )
    .unwrap();
    let mv = Move::parse("1 3 = Ac 2c 3c 4c | Ks Kh Kd | 5c 6c 7c", setup).unwrap();
    let (after, fresh) = mv.after(&before).unwrap();
    assert_eq!(
        after.to_string(),
        "Ac 2c 3c 4c | 7h 8h 9h | Ks Kh Kd | 5c 6c 7c"
    );
    assert_eq!(fresh, vec![1, 3, 4]);
    let mv = Move::parse("1, 2 = Ac 2c 3c 7h 8h 9h", setup);
    assert!(mv.is_ok(), "commas separate numbers too");
    let (after, fresh) = Move::parse("1 2 = 7h 8h 9h 10h", setup)
        .unwrap()
        .after(&before)
        .unwrap();
    assert_eq!(after.to_string(), "7h 8h 9h 10h | Ks Kd Kc");
    assert_eq!(fresh, vec![1]);
    let err = Move::parse("4 = 3s 4s 5s", setup)
        .unwrap()
        .after(&before)
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "there is no meld 4: the table has melds 1 to 3"
    );
}

#[test]
fn add_lays_cards_on_a_numbered_meld_and_infers_a_bare_joker() {
    let mut game = three();
    steps(&mut game, &["bob: draw", "bob: play = 6h 6d 6c | 3s 4s 5s"]);
    let mv = game.extend(1, "*").unwrap();
    assert_eq!(mv.to_string(), "1 = *6s 6h 6d 6c");
    let err = game.extend(2, "*").unwrap_err().to_string();
    assert!(
        err.contains("(meld 2: 3s 4s 5s *)") && err.contains("*2s, *6s"),
        "{err}"
    );
    let err = game.extend(2, "6x").unwrap_err().to_string();
    assert!(err.starts_with("\"6x\" (card to add 1)"), "{err}");
    assert!(
        game.extend(3, "6s")
            .unwrap_err()
            .to_string()
            .contains("no meld 3")
    );
    game.play(game.extend(2, "6s 7s").unwrap()).unwrap();
    assert_eq!(game.round().table.to_string(), "6h 6d 6c | 3s 4s 5s 6s 7s");
}

#[test]
fn knock_limit_is_the_house_limit() {
    let mut game = game_with(&["alice", "bob", "carol"], rules(|r| r.hand_size = 2));
    steps(&mut game, &["bob: draw", "bob: draw", "bob: draw"]);
    let err = refused(&mut game, "bob: knock 6");
    assert_eq!(err, "bob cannot knock with 6 in hand; the knock limit is 5");
    steps(&mut game, &["bob: knock 5"]);
    assert!(matches!(game.round().phase, Phase::Hands { .. }));
}

#[test]
fn knock_comes_at_the_end_of_the_turn() {
    // Without a meld the turn goes on to a third draw, so a knock before it is refused,
    // even with a hand low enough, and changes nothing.
    let mut game = small();
    steps(&mut game, &["bob: draw"]);
    let err = refused(&mut game, "bob: knock Ah Ac Ad As");
    assert_eq!(
        err,
        "bob has not melded, so the turn goes on to a third draw; a knock comes at the end of the turn (bob has drawn 1 card)"
    );
    steps(&mut game, &["bob: draw"]);
    let err = refused(&mut game, "bob: knock 5");
    assert!(err.ends_with("(bob has drawn 2 cards)"), "{err}");
    // A meld ends the drawing, and so the turn: now the knock is allowed.
    steps(&mut game, &["bob: play = 3s 4s 5s", "bob: knock Ah Ac"]);
    assert_knocked(&game, 1);
    // The third draw ends the turn too. One card dealt each: 4 cards after three draws.
    let mut game = game_with(&["alice", "bob", "carol"], rules(|r| r.hand_size = 1));
    steps(&mut game, &["bob: draw", "bob: draw", "bob: draw"]);
    steps(&mut game, &["bob: knock Ah Ac Ad As"]);
    assert_knocked(&game, 1);
}

#[test]
fn knock_hand_given_as_cards_must_be_the_cards_held() {
    let mut game = game_with(&["ann", "ben"], rules(|r| r.hand_size = 5));
    steps(&mut game, &["ben: draw", "ben: play = 7h 8h 9h"]);
    let err = refused(&mut game, "ben: knock Ah 2c");
    assert!(
        err.starts_with("ben holds 3 cards by the referee's count, but 2 cards were given"),
        "{err}"
    );
    // Three cards of a one-deck game count at most the joker, 25, and two tens.
    let err = refused(&mut game, "ben: knock 2");
    assert!(err.contains("which count 3 to 45"), "{err}");
    steps(&mut game, &["ben: knock Ah 2c Ad"]);
}

#[test]
fn knock_ends_the_round_and_the_hands_are_scored() {
    let mut game = small();
    steps(
        &mut game,
        &[
            "bob: draw",
            "bob: play = 3s 4s 5s",
            "bob: knock 4",
            "alice: hand 12",
            "carol: hand 4",
        ],
    );
    // Carol ties the knocker: she wins with the undercut bonus.
    let round = &game.tally().rounds[0];
    assert_eq!(round.score.winners, vec![2]);
    assert_eq!(round.score.points, vec![0, 0, 8 + 10]);
    assert_eq!(game.results()[0].knocker.as_deref(), Some("bob"));
    assert_eq!(game.round().phase, Phase::Play);
}

#[test]
fn hands_are_given_once_the_round_is_over() {
    let mut game = small();
    assert!(refused(&mut game, "alice: hand 12").contains("still being played"));
    steps(
        &mut game,
        &["bob: draw", "bob: play = 3s 4s 5s", "bob: knock 4"],
    );
    assert!(refused(&mut game, "carol: draw").contains("round 1 is over"));
    assert!(refused(&mut game, "bob: hand 3").contains("knocked"));
    let err = refused(&mut game, "alice: hand 0");
    assert!(
        err.contains("alice holds 3 cards, and a count of 0 means no cards left (gone out)"),
        "{err}"
    );
    let err = refused(&mut game, "alice: hand 61");
    assert!(
        err.contains("alice holds 3 cards, which count 3 to 60"),
        "{err}"
    );
    steps(&mut game, &["alice: hand 30", "alice: hand 20"]);
    assert_eq!(game.waiting_hands(), vec![2]);
}

#[test]
fn hands_given_as_cards_keep_to_the_deck_with_the_table() {
    let mut game = game_with(&["ann", "ben"], rules(|r| r.hand_size = 3));
    steps(
        &mut game,
        &["ben: draw", "ben: play = 7h 8h 9h", "ben: knock 2"],
    );
    let err = refused(&mut game, "ann: hand 7h Kd Kc");
    assert!(
        err.starts_with("7h appears 2 times on the table and in the hands given"),
        "{err}"
    );
}

#[test]
fn going_out_ends_the_round_at_once() {
    let mut game = game_with(&["ann", "ben"], rules(|r| r.hand_size = 3));
    let notes = step(&mut game, "ben: draw").unwrap();
    assert_eq!(notes.len(), 1);
    let notes = step(&mut game, "ben: play = 7h 8h 9h 10h").unwrap();
    assert_eq!(
        notes[1],
        Note::RoundOver {
            end: RoundEnd::WentOut(1)
        }
    );
    steps(&mut game, &["ann: hand 20"]);
    assert_eq!(game.tally().rounds[0].score.points, vec![0, 20 + 25]);
    assert!(game.tally().rounds[0].score.went_out);
}

/// Two players with 25 cards each leave 3 in the stock.
fn short_stock() -> Game {
    game_with(&["ann", "ben"], rules(|r| r.hand_size = 25))
}

#[test]
fn stock_out_runs_a_last_lap() {
    let mut game = short_stock();
    assert_eq!(game.round().stock(), 3);
    steps(&mut game, &["ben: draw", "ben: draw"]);
    let notes = step(&mut game, "ben: draw").unwrap();
    assert_eq!(notes[1], Note::LastCard { player: 1 });
    let notes = step(&mut game, "ben: done").unwrap();
    assert_eq!(notes[0], Note::LastLap);
    assert_eq!(
        notes[1],
        Note::Turn {
            player: 0,
            stock: 0,
            last_lap: Some(2)
        }
    );
    // One meld-only turn each, the one who drew the last card included.
    assert!(refused(&mut game, "ann: draw").contains("last lap"));
    steps(&mut game, &["ann: play = 3s 4s 5s", "ann: done"]);
    assert_eq!(game.round().turn, 1);
    let notes = step(&mut game, "ben: done").unwrap();
    assert_eq!(
        notes,
        vec![Note::RoundOver {
            end: RoundEnd::StockOut
        }]
    );
    steps(&mut game, &["ann: hand 130", "ben: hand 130"]);
    assert_eq!(game.results()[0].knocker, None);
    assert_eq!(game.tally().rounds[0].score.points, vec![0, 0]);
}

#[test]
fn stock_out_after_a_meld_on_the_last_card_still_runs_the_last_lap() {
    let mut game = short_stock();
    steps(&mut game, &["ben: draw", "ben: draw", "ben: draw"]);
    refused(&mut game, "ben: draw");
    steps(&mut game, &["ben: done", "ann: done"]);
    assert!(refused(&mut game, "ben: draw").contains("last lap"));
}

#[test]
fn last_lap_allows_a_knock() {
    let mut game = short_stock();
    steps(
        &mut game,
        &[
            "ben: draw",
            "ben: draw",
            "ben: draw",
            "ben: done",
            "ann: play = As 2s 3s 4s 5s 6s 7s 8s 9s 10s Js Qs Ks | Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h",
            "ann: knock 3",
        ],
    );
    assert_knocked(&game, 0);
}

#[test]
fn deal_passes_left_each_round() {
    let mut game = small();
    steps(
        &mut game,
        &[
            "bob: draw",
            "bob: play = 3s 4s 5s",
            "bob: knock 4",
            "alice: hand 12",
            "carol: hand 20",
        ],
    );
    assert_eq!(game.number(), 2);
    assert_eq!(game.round().dealer, 1);
    assert_eq!(game.round().turn, 2);
    assert_eq!(game.round().stock(), 106 - 9);
    steps(
        &mut game,
        &[
            "carol: draw",
            "carol: play = 3s 4s 5s",
            "carol: knock 4",
            "alice: hand 30",
            "bob: hand 30",
        ],
    );
    assert_eq!(game.round().dealer, 2);
    assert_eq!(game.round().turn, 0);
}

#[test]
fn game_ends_at_the_target_with_the_bonuses() {
    let mut game = game_with(
        &["ann", "ben"],
        rules(|r| {
            r.target = 40;
            r.hand_size = 3;
        }),
    );
    steps(
        &mut game,
        &[
            "ben: draw",
            "ben: play = 3s 4s 5s",
            "ben: knock 3",
            "ann: hand 40",
        ],
    );
    assert_eq!(game.round().phase, Phase::Play);
    let notes = step(&mut game, "ann: draw").unwrap();
    assert_eq!(notes.len(), 1);
    steps(&mut game, &["ann: play = 3s 4s 5s"]);
    let notes = step(&mut game, "ann: knock 3").unwrap();
    assert_eq!(notes.len(), 1);
    step(&mut game, "ben: hand 45").unwrap();
    assert!(game.is_over());
    let end = game.tally().end.clone().unwrap();
    assert_eq!(game.tally().totals, vec![42, 37]);
    assert_eq!(end.bonuses, vec![100, 25]);
    assert_eq!(end.winners, vec![0]);
    assert!(refused(&mut game, "ben: draw").contains("the game is over"));
}

#[test]
fn undo_takes_back_steps_across_rounds() {
    let mut game = small();
    steps(
        &mut game,
        &["bob: draw", "bob: play = 3s 4s 5s", "bob: done"],
    );
    let at_carol = game.clone();
    steps(
        &mut game,
        &[
            "carol: draw",
            "carol: play = 6h 6d 6c",
            "carol: knock 4",
            "alice: hand 12",
            "bob: hand 9",
        ],
    );
    assert_eq!(game.number(), 2);
    let undone = game.undo(2).unwrap();
    assert_eq!(undone.len(), 2);
    assert_eq!(game.number(), 1);
    assert_eq!(game.waiting_hands(), vec![0, 1]);
    assert_eq!(
        game.undo(3).unwrap().len(),
        3,
        "the knock, the meld and the draw"
    );
    assert_eq!(game.standing(), at_carol.standing());
    assert_eq!(game.steps(), at_carol.steps());
    assert!(game.undo(4).is_err());
    game.undo(3).unwrap();
    assert_eq!(game.standing(), small().standing());
    assert!(game.steps().is_empty());
    assert!(
        game.undo(1)
            .unwrap_err()
            .to_string()
            .contains("nothing to undo")
    );
}

#[test]
fn the_seating_is_fixed_once_play_starts_and_the_house_rules_change_any_time() {
    let mut game = three();
    game.set_rule("target", "100").unwrap();
    assert_eq!(game.rules().target, 100);
    steps(&mut game, &["bob: draw"]);
    let err = game.set_first_dealer(2).unwrap_err().to_string();
    assert!(err.contains("only before the first draw"), "{err}");
    game.set_rule("target", "120").unwrap();
    assert_eq!(game.rules().target, 120);
    let err = game.set_rule("hand-size", "60").unwrap_err().to_string();
    assert!(err.contains("deals 180 cards"), "{err}");
    let err = Game::new(names(&["a", "b"]), rules(|r| r.hand_size = 30)).unwrap_err();
    assert!(err.to_string().contains("deals 60 cards"), "{err}");
}

#[test]
fn names_are_words_with_single_spaces_and_all_different() {
    assert!(Game::new(names(&["alice", "Alice"]), Rules::default()).is_err());
    assert!(Game::new(names(&["alice", "bob smith"]), Rules::default()).is_ok());
    assert!(Game::new(names(&["alice", "bob  smith"]), Rules::default()).is_err());
    assert!(Game::new(names(&["alice", " bob"]), Rules::default()).is_err());
    assert!(Game::new(names(&["alice", "bob:"]), Rules::default()).is_err());
    assert!(Game::new(names(&["alice"]), Rules::default()).is_err());
    let game = game_with(&["alice", "albert", "bob"], Rules::default());
    assert_eq!(game.setup().player("BOB").unwrap(), 2);
    assert_eq!(game.setup().player("alb").unwrap(), 1);
    let err = game.setup().player("al").unwrap_err().to_string();
    assert_eq!(
        err,
        "\"al\" could be alice or albert; type more of the name"
    );
    let err = game.setup().player("zed").unwrap_err().to_string();
    assert!(err.contains("the players are alice, albert, bob"), "{err}");
}

#[test]
fn corrections_fix_the_mirror_and_can_be_undone() {
    let mut game = three();
    steps(&mut game, &["bob: draw", "bob: play = 3s 4s 5s"]);
    steps(&mut game, &["table = 3s 4s 5s 6s", "bob: cards 7"]);
    assert_eq!(game.round().table.to_string(), "3s 4s 5s 6s");
    assert_eq!(game.round().held[1], 7);
    assert_eq!(game.round().stock(), 106 - 4 - 27);
    let notes = step(&mut game, "table = 7h 8h 10h").unwrap();
    let Note::TableCorrected { illegal, .. } = &notes[0] else {
        panic!()
    };
    assert_eq!(illegal[0].0, 1);
    assert!(refused(&mut game, "bob: cards 0").contains("gone out"));
    game.undo(3).unwrap();
    assert_eq!(game.round().table.to_string(), "3s 4s 5s");
}

#[test]
fn record_resumes_exactly_where_it_stopped() {
    let mut game = small();
    steps(
        &mut game,
        &[
            "bob: draw",
            "bob: play = 8h 9h *10h",
            "bob: done",
            "carol: draw",
            "carol: play = 3s 4s 5s",
            "carol: knock 4",
            "alice: hand 12",
            "bob: hand Kd",
            "carol: draw",
            "carol: draw",
        ],
    );
    let text = game.to_record().to_toml();
    let record = GameRecord::from_toml(&text).unwrap();
    let resumed = Game::from_record(&record).unwrap();
    assert_eq!(resumed, game);
    let tally = super::tally(&record).unwrap();
    assert_eq!(tally.rounds.len(), 1);
    assert_eq!(tally.totals, game.tally().totals);
}

#[test]
fn record_whose_rounds_disagree_with_its_log_is_refused() {
    let mut game = small();
    steps(
        &mut game,
        &[
            "bob: draw",
            "bob: play = 3s 4s 5s",
            "bob: knock 4",
            "alice: hand 12",
            "carol: hand 9",
        ],
    );
    let mut record = game.to_record();
    record.rounds[0]
        .hands
        .insert("alice".into(), HandEntry::Count(13));
    let err = Game::from_record(&record).unwrap_err().to_string();
    assert_eq!(
        err,
        "round 1, hands.alice: the record says 13, but the log of play gives 12. The file is left as it is: put it back to 12 and type fix 1 hand alice 13 in the game"
    );
    let mut record = game.to_record();
    record.rounds[0].knocker = Some("carol".into());
    let err = Game::from_record(&record).unwrap_err().to_string();
    assert!(
        err.starts_with(
            "round 1, knocker: the record says \"carol\", but the log of play gives \"bob\""
        ) && err.ends_with("type fix 1 knock carol in the game"),
        "{err}"
    );
    let mut record = game.to_record();
    record.rounds.push(record.rounds[0].clone());
    let err = Game::from_record(&record).unwrap_err().to_string();
    assert!(
        err.contains(
            "the record holds 2 finished rounds, but its log of play gives 1 finished round"
        ),
        "{err}"
    );
    let mut record = game.to_record();
    if let Some(play) = &mut record.play {
        play.log[2] = "bob: knock 9".into();
    }
    let err = Game::from_record(&record).unwrap_err().to_string();
    assert!(
        err.starts_with("play.log, step 3 \"bob: knock 9\": bob cannot knock"),
        "{err}"
    );
}

#[test]
fn record_without_a_log_goes_on_after_its_rounds() {
    let text = "players = [\"ann\", \"ben\"]\n[[round]]\nknocker = \"ben\"\n[round.hands]\nann = 20\nben = 3\n";
    let game = Game::from_record(&GameRecord::from_toml(text).unwrap()).unwrap();
    assert_eq!(game.number(), 2);
    assert_eq!(game.round().dealer, 1);
    assert_eq!(game.round().turn, 0);
    assert!(game.has_started());
    // The rounds played before the log become its first steps, entered whole.
    let record = game.to_record();
    let play = record.play.as_ref().unwrap();
    assert_eq!(play.earlier_rounds, 0);
    assert_eq!(play.log, vec!["round knock ben ann=20 ben=3".to_string()]);
    assert_eq!(Game::from_record(&record).unwrap(), game);
    // A record written by an older version, with earlier-rounds, still opens.
    let mut old = record.clone();
    old.play = Some(crate::record::PlayLog {
        first_dealer: Some("ann".to_string()),
        earlier_rounds: 1,
        log: vec!["ann: draw".to_string()],
        redo: Vec::new(),
    });
    let reopened = Game::from_record(&old).unwrap();
    assert_eq!(reopened.number(), 2);
    assert_eq!(reopened.round().draws, 1);
}

#[test]
fn an_earlier_round_that_cannot_be_replayed_names_its_round_once() {
    let text = "players = [\"ann\", \"ben\"]\n[[round]]\nknocker = \"ben\"\n[round.hands]\nann = 20\nben = 9\n";
    let mut record = GameRecord::from_toml(text).unwrap();
    record.play = Some(crate::record::PlayLog {
        first_dealer: Some("ann".to_string()),
        earlier_rounds: 1,
        log: Vec::new(),
        redo: Vec::new(),
    });
    let err = Game::from_record(&record).unwrap_err();
    assert_eq!(
        err.to_string(),
        "round 1: ben cannot knock with 9 in hand; the knock limit is 5"
    );
}

#[test]
fn log_lines_read_back_as_they_were_written() {
    let game = three();
    let setup = game.setup();
    for text in [
        "bob: draw",
        "bob: play 1 2 = 3s 4s 5s | 3h 4h 5h | 6s 6h 6d",
        "bob: play = *7c 8c 9c",
        "bob: done",
        "carol: knock 4s Ah",
        "carol: knock 5",
        "alice: hand 12",
        "alice: hand",
        "alice: cards 9",
        "table = 3s 4s 5s | 6h 6d 6c",
        "table =",
    ] {
        let event = Event::parse(text, setup).unwrap();
        assert_eq!(event.text(&setup.players), text);
    }
    assert!(Event::parse("dave: draw", setup).is_err());
    assert!(Event::parse("bob: dance", setup).is_err());
    assert!(Event::parse("bob draws", setup).is_err());
}

/// docs/rules.md#a-turn-is-judged-whole: the second move of a turn is judged from the table
/// at the start of the turn, so one real 10h releases one joker, not one per move.
#[test]
fn turn_judged_whole_one_real_card_releases_one_joker() {
    let mut game = three();
    steps(
        &mut game,
        &[
            "bob: draw",
            "bob: play = 8h 9h *10h | 10s 10d 10c *10h",
            "bob: done",
            "carol: draw",
            "carol: play 1 = 8h 9h 10h | 7s 7d *7c",
        ],
    );
    let before = game.clone();
    let err = step(&mut game, "carol: play 2 = 10s 10d 10c | Jd Qd *Kd").unwrap_err();
    assert_eq!(game, before, "an illegal move changes nothing");
    let Some(Illegal(verdict)) = err.game::<Illegal>() else {
        panic!("expected an illegal move: {err}")
    };
    assert_eq!(
        verdict
            .violations
            .iter()
            .map(|v| v.rule)
            .collect::<Vec<_>>(),
        vec![MoveRule::M4]
    );
    assert!(game.round().moved_this_turn());
}

/// The cards laid earlier in the turn count against the hand: a move may not lay more
/// than the player held when the turn's melding began.
#[test]
fn turn_judged_whole_counts_every_card_laid_this_turn() {
    let mut game = game_with(&["ann", "ben"], rules(|r| r.hand_size = 5));
    steps(&mut game, &["ben: draw", "ben: play = 7h 8h 9h"]);
    assert_eq!(game.round().held[1], 3);
    let err = refused(&mut game, "ben: play 1 = 6h 7h 8h 9h 10h Jh Qh");
    assert!(
        err.contains("ben holds 6 cards, but this turn's moves lay 7 from the hand"),
        "{err}"
    );
    let notes = step(&mut game, "ben: play 1 = 6h 7h 8h 9h 10h").unwrap();
    assert_eq!(
        notes[0],
        Note::Played {
            player: 1,
            played: vec![
                HandCard::Real(crate::notation::parse_card("6h").unwrap()),
                HandCard::Real(crate::notation::parse_card("10h").unwrap())
            ],
            back: Vec::new(),
            held: 1,
            fresh: vec![1],
        }
    );
}

/// A card laid earlier in the turn may be taken back into the same turn's rearrangement:
/// only the end of the turn counts, and the hand gets it back.
#[test]
fn turn_judged_whole_a_card_laid_this_turn_may_be_rearranged_again() {
    let mut game = three();
    steps(
        &mut game,
        &[
            "table = 3s 4s 5s",
            "bob: draw",
            "bob: play = 7h 8h 9h | Ks Kh Kc",
            "bob: play 2 3 = 7h 8h 9h",
        ],
    );
    assert_eq!(game.round().held[1], 11 - 3);
    // Taking back a card that was on the table when the turn began is M1.
    let err = step(&mut game, "bob: play 1 = 4s 5s 6s").unwrap_err();
    assert!(err.to_string().contains("M1"), "{err}");
}

/// docs/rules.md#stock-out-and-the-last-lap: a turn that would begin with the stock empty begins the last lap
/// by itself, so the players are never left with only `undo`.
#[test]
fn stock_out_at_the_start_of_a_turn_begins_the_last_lap() {
    let mut game = game_with(&["ann", "ben"], Rules::default());
    let notes = step(&mut game, "ann: cards 43").unwrap();
    assert_eq!(game.round().stock(), 0);
    assert_eq!(notes[1], Note::LastLap);
    assert_eq!(game.round().last_lap, Some(2));
    assert!(refused(&mut game, "ben: draw").contains("last lap"));
    steps(
        &mut game,
        &["ben: play = 7h 8h 9h", "ben: done", "ann: done"],
    );
    assert!(matches!(
        game.round().phase,
        Phase::Hands {
            end: RoundEnd::StockOut,
            ..
        }
    ));
}

/// docs/rules.md#stock-out-and-the-last-lap: a knock in the last lap is a knock, scored with that knocker.
#[test]
fn knock_in_the_last_lap_is_scored_with_its_knocker() {
    let mut game = game_with(&["ann", "ben"], rules(|r| r.hand_size = 4));
    steps(&mut game, &["ann: cards 49"]);
    assert_eq!(game.round().last_lap, Some(2));
    steps(
        &mut game,
        &["ben: play = 7h 8h 9h", "ben: knock As", "ann: hand 340"],
    );
    assert_eq!(game.results()[0].knocker.as_deref(), Some("ben"));
    assert_eq!(game.tally().rounds[0].score.points, vec![0, 339]);
}

/// A count says how many cards a hand holds only through the deck: it is refused beyond
/// what the cards still out of sight can make, and 0 is going out, not a count.
#[test]
fn hand_count_is_bounded_by_the_cards_the_deck_can_give() {
    let mut game = game_with(&["ann", "ben"], rules(|r| r.hand_size = 3));
    steps(
        &mut game,
        &["ben: draw", "ben: play = 7h 8h 9h", "ben: knock 1"],
    );
    assert!(refused(&mut game, "ann: hand 46").contains("which count 3 to 45"));
    assert!(refused(&mut game, "ann: hand 0").contains("a count of 0 means no cards left"));
    steps(&mut game, &["ann: hand 45"]);
}

#[test]
fn cards_correction_beyond_the_deck_is_refused_without_overflow() {
    let mut game = three();
    let err = refused(&mut game, "bob: cards 4294967295");
    assert!(err.contains("more than the 106 cards of the deck"), "{err}");
}

/// A hand counted during play is checked against the table's cards at once.
#[test]
fn hand_counted_in_play_is_checked_against_the_table() {
    let mut game = game_with(&["ann", "ben"], Rules::default());
    steps(&mut game, &["ben: draw", "ben: play = 7h 8h 9h"]);
    let hand = crate::games::manipulation::table::Hand::parse("7h As", game.setup().deck).unwrap();
    let err = game.count_hand(0, &hand).unwrap_err();
    assert!(err.to_string().starts_with("7h appears 2 times"), "{err}");
}

/// After the third draw no meld is allowed, so the hint offers none.
#[test]
fn hint_after_the_third_draw_offers_no_meld() {
    let mut game = game_with(&["ann", "ben"], Rules::default());
    steps(&mut game, &["ben: draw", "ben: draw", "ben: draw"]);
    let hand =
        crate::games::manipulation::table::Hand::parse("7h 8h 9h As", game.setup().deck).unwrap();
    let hint = game.hint(&hand).unwrap();
    assert!(hint.best.played.is_empty());
    assert_eq!(hint.best.deadwood, 25);
    assert!(hint.no_meld.is_some());
    steps(&mut game, &["ben: done", "ann: draw"]);
    let hint = game.hint(&hand).unwrap();
    assert_eq!(hint.best.deadwood, 1);
    assert!(hint.no_meld.is_none());
}

mod turn_as_moves {
    //! The REPL and `check` agree on every end state of a turn: a turn typed as 1 to 3
    //! moves is judged as the one move from the table at its start to the table after.
    use super::*;
    use crate::card::CardCounts;
    use crate::games::manipulation::table::Hand;
    use proptest::prelude::*;

    const START: [&str; 6] = [
        "8h 9h *10h",
        "10s 10d 10c *10h",
        "7c 8c 9c",
        "Jd Qd Kd",
        "3h 4h 5h 6h",
        "5s 5d *5c",
    ];
    const HAND: [&str; 12] = [
        "10h", "7s", "7d", "7h", "Kd", "Jd", "Qd", "5c", "6h", "10c", "9c", "*",
    ];

    fn table_of(melds: &[&str]) -> Table {
        Table::parse(
            &melds.join(" | "),
            MeldRules::default(),
            Deck::for_players(3).unwrap(),
        )
        .unwrap()
    }

    /// A move typed against the numbered table: every meld replaced by `after`.
    fn move_to(game: &Game, after: &Table) -> Move {
        Move {
            replaced: (1..=game.round().table.melds().len()).collect(),
            melds: after.melds().to_vec(),
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]
        #[test]
        fn random_turns_typed_as_moves_judge_as_one_move(
            start in proptest::sample::subsequence(START.to_vec(), 1..=4),
            hand in proptest::sample::subsequence(HAND.to_vec(), 1..=6),
            cuts in proptest::collection::vec(proptest::sample::subsequence((0..6).collect::<Vec<usize>>(), 0..=6), 1..=3),
            keep_start in proptest::collection::vec(any::<bool>(), 3),
        ) {
            let jokers = start.iter().filter(|m| m.contains('*')).count()
                + hand.iter().filter(|c| **c == "*").count();
            prop_assume!(jokers <= 2);
            let deck = Deck::for_players(3).unwrap();
            let rules = Rules::default();
            let start_table = table_of(&start);
            let hand = Hand::parse(&hand.join(" "), deck).unwrap();
            let mut game = three();
            step(&mut game, &format!("table = {start_table}")).unwrap();
            step(&mut game, "bob: draw").unwrap();
            for (i, cut) in cuts.iter().enumerate() {
                // The table this move makes: a legal layout of the table's cards and some
                // of the hand's (found by `arrange`), or the start table with them added.
                let laid: Vec<HandCard> = cut.iter().filter_map(|i| hand.cards().get(*i).copied()).collect();
                let pile: Vec<HandCard> = start_table.cards().map(crate::card::TableCard::physical).chain(laid.iter().copied()).collect();
                let Some(after) = (if keep_start[i] {
                    crate::games::manipulation::solver::arrange(&laid, &rules, deck)
                        .map(|t| Table::new(start_table.melds().iter().cloned().chain(t.melds().iter().cloned()).collect()))
                } else {
                    crate::games::manipulation::solver::arrange(&pile, &rules, deck)
                }) else { continue };
                let mv = move_to(&game, &after);
                let judged = game.judge(&mv).unwrap();
                let alone = moves::judge(&start_table, None, &judged.after, MeldRules::default(), deck).unwrap();
                prop_assert_eq!(&judged.verdict, &alone);
                let before = game.clone();
                if game.play(mv).is_ok() { prop_assert!(alone.is_legal()) } else {
                    prop_assert!(!alone.is_legal() || judged.not_now.is_some());
                    prop_assert_eq!(&game, &before);
                }
                // Whatever was accepted, the table now is a legal end of the turn.
                let now = moves::judge(&start_table, None, &game.round().table, MeldRules::default(), deck).unwrap();
                if game.round().moved_this_turn() {
                    prop_assert!(now.is_legal(), "{}", now);
                    let laid_now = CardCounts::of(game.round().table.cards().map(crate::card::TableCard::physical))
                        .excess_over(&start_table.physical_counts());
                    prop_assert_eq!(game.round().held[1] as usize, 11 - laid_now.len());
                }
            }
        }
    }
}

mod never_stuck {
    //! No reachable state leaves the table with nothing to type but `undo`: in play, a draw
    //! or the end of the turn is always allowed; when the round is over, a hand can always
    //! be given.
    use super::*;
    use proptest::prelude::*;

    const MELDS: [&str; 5] = ["7h 8h 9h", "Ks Kh Kc", "3d 4d 5d 6d", "As Ah Ad", "*"];

    fn events() -> impl Strategy<Value = Vec<(u8, u32)>> {
        proptest::collection::vec((0u8..7, 0u32..60), 1..60)
    }

    fn text(game: &Game, (kind, n): (u8, u32)) -> String {
        let players = game.players();
        let turn = &players[game.round().turn];
        let someone = &players[n as usize % players.len()];
        match kind {
            0 | 1 => format!("{turn}: draw"),
            2 => format!("{turn}: done"),
            3 => format!("{turn}: play = {}", MELDS[n as usize % 4]),
            4 => format!("{turn}: knock {}", n % 8),
            // Half the corrections take the whole stock, the state that once left only undo.
            5 if n % 2 == 0 => {
                let p = n as usize % players.len();
                let fill = game.round().held[p] + game.round().stock();
                format!("{someone}: cards {fill}")
            }
            5 => format!("{someone}: cards {n}"),
            _ => format!("{someone}: hand {}", n * 3),
        }
    }

    fn some_way_on(game: &Game) -> bool {
        let try_step = |text: String| {
            let mut trial = game.clone();
            step(&mut trial, &text).is_ok()
        };
        let turn = &game.players()[game.round().turn];
        if game.is_over() {
            return true;
        }
        match &game.round().phase {
            Phase::Play => try_step(format!("{turn}: draw")) || try_step(format!("{turn}: done")),
            Phase::Hands { hands, .. } => game.waiting_hands().iter().all(|p| {
                let name = &game.players()[*p];
                let seen = crate::card::CardCounts::of(
                    game.round()
                        .table
                        .cards()
                        .map(crate::card::TableCard::physical)
                        .chain(
                            hands
                                .iter()
                                .flatten()
                                .flat_map(|h| h.cards().iter().copied()),
                        ),
                );
                let (low, high) =
                    super::corrections::count_range(game.setup(), game.round().held[*p], &seen);
                try_step(format!("{name}: hand {low}")) && try_step(format!("{name}: hand {high}"))
            }),
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        #[test]
        fn no_state_leaves_only_undo(players in 2usize..=4, hand_size in 3u32..=10, events in events()) {
            let names = ["ann", "ben", "cleo", "dan"][..players].to_vec();
            let mut game = game_with(&names, rules(|r| r.hand_size = hand_size));
            for event in events {
                let line = text(&game, event);
                let _ = step(&mut game, &line);
                prop_assert!(some_way_on(&game), "stuck after {line}: {:?}", game.standing());
            }
        }
    }
}

/// `redo` takes again what `undo` took back, all or none; a new step ends it.
#[test]
fn redo_brings_back_an_undo_until_a_new_step() {
    let mut game = small();
    steps(
        &mut game,
        &[
            "bob: draw",
            "bob: play = 3s 4s 5s",
            "bob: knock 4",
            "alice: hand 12",
            "carol: hand 9",
        ],
    );
    let finished = game.clone();
    game.undo(5).unwrap();
    assert_eq!(game.can_redo(), 5);
    assert!(
        game.redo(6)
            .unwrap_err()
            .to_string()
            .contains("redo takes 1 to 5")
    );
    let redone = game.redo(2).unwrap();
    assert_eq!(redone.len(), 2);
    game.redo(3).unwrap();
    assert_eq!(game.standing(), finished.standing());
    assert_eq!(game.steps(), finished.steps());
    game.undo(1).unwrap();
    steps(&mut game, &["carol: hand 8"]);
    assert_eq!(game.can_redo(), 0);
    assert!(
        game.redo(1)
            .unwrap_err()
            .to_string()
            .contains("nothing to redo")
    );
}

/// A round's result entered whole, with every check `score` makes; the next one is dealt,
/// passing the deal left.
#[test]
fn round_entered_whole_is_scored_and_the_next_dealt() {
    let mut game = three();
    let notes = game
        .enter_round("knock bob alice=12 bob=3 carol=\"Kd *\"")
        .unwrap();
    assert!(matches!(
        &notes[0],
        Said::Scored { round: 1, score } if score.knocker == Some(1)
    ));
    assert_eq!(game.tally().totals, vec![0, 41, 0]);
    assert_eq!(game.number(), 2);
    assert_eq!(game.round().dealer, 1);
    let before = game.clone();
    for (text, says) in [
        (
            "knock bob alice=12 bob=9 carol=5",
            "bob cannot knock with 9",
        ),
        ("alice=12 bob=3", "no hand for carol"),
        ("knock dan alice=1 bob=2 carol=3", "\"dan\" is not a player"),
        (
            "out carol alice=1 bob=2 carol=3",
            "carol went out and holds no cards",
        ),
        ("alice=0 bob=0 carol=4", "only one player can go out"),
        ("alice=\"7h 7h 7h\" bob=1 carol=2", "7h appears 3 times"),
        ("alice=1 alice=2 bob=1 carol=2", "alice is given two hands"),
    ] {
        let err = game.enter_round(text).unwrap_err().to_string();
        assert!(err.contains(says), "{text}: {err}");
        assert_eq!(game, before, "a refused round changes nothing: {text}");
    }
    steps(&mut game, &["carol: draw"]);
    game.enter_round("out carol alice=40 bob=30").unwrap();
    assert_eq!(game.tally().totals, vec![0, 41, 95]);
}

/// `fix` corrects any finished round; every later total follows, and undo takes it back.
#[test]
fn fix_corrects_a_past_round_and_every_later_total_follows() {
    let mut game = three();
    game.enter_round("knock bob alice=12 bob=3 carol=35")
        .unwrap();
    game.enter_round("out carol alice=40 bob=30").unwrap();
    assert_eq!(game.tally().totals, vec![0, 41, 95]);
    game.correct(
        1,
        RoundChange::Hand {
            player: 0,
            hand: HandReport::Count(22),
        },
    )
    .unwrap();
    assert_eq!(game.tally().totals, vec![0, 51, 95]);
    let err = game
        .correct(2, RoundChange::Out(1))
        .unwrap_err()
        .to_string();
    assert!(err.contains("only one player can go out in a round, but bob and carol have no cards left; nothing changed"), "{err}");
    game.fix(2, "out bob alice=40 carol=12").unwrap();
    assert_eq!(game.results()[1].hands["bob"], HandEntry::Count(0));
    let err = game
        .correct(1, RoundChange::Knocker(Some(1)))
        .unwrap_err()
        .to_string();
    assert!(err.contains("already reads so"), "{err}");
    game.fix(1, "delete").unwrap();
    assert_eq!(game.results().len(), 1);
    assert_eq!(game.number(), 2);
    let err = game.fix(3, "delete").unwrap_err().to_string();
    assert!(
        err.contains("there is no round 3 to fix: round 1 is the only one finished"),
        "{err}"
    );
    game.undo(1).unwrap();
    assert_eq!(game.results().len(), 2);
    // The log keeps every correction, and reads back to the same game.
    let again = Game::from_record(&game.to_record()).unwrap();
    assert_eq!(again.standing(), game.standing());
}

/// A correction that moves the game's end: the game ends, or goes on again.
#[test]
fn fix_moves_the_games_end_both_ways() {
    let mut game = game_with(&["ann", "ben"], rules(|r| r.target = 50));
    game.enter_round("knock ben ann=30 ben=2").unwrap();
    game.enter_round("knock ben ann=30 ben=2").unwrap();
    assert!(game.is_over());
    game.correct(
        2,
        RoundChange::Hand {
            player: 0,
            hand: HandReport::Count(10),
        },
    )
    .unwrap();
    assert_eq!(game.round().phase, Phase::Play);
    assert_eq!(game.number(), 3);
    game.correct(
        2,
        RoundChange::Hand {
            player: 0,
            hand: HandReport::Count(30),
        },
    )
    .unwrap();
    assert!(game.is_over());
    // An end moved before rounds that were played after it is refused.
    game.correct(
        2,
        RoundChange::Hand {
            player: 0,
            hand: HandReport::Count(10),
        },
    )
    .unwrap();
    game.enter_round("knock ben ann=30 ben=2").unwrap();
    let err = game
        .correct(
            1,
            RoundChange::Hand {
                player: 0,
                hand: HandReport::Count(60),
            },
        )
        .unwrap_err()
        .to_string();
    assert!(err.contains("that correction of round 1 cannot be scored: round 2: recorded after the game ended in round 1"), "{err}");
}

mod round_lines {
    //! A round's result prints as one line and reads back as the same result.
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn round_text_reads_back_as_the_same_result(
            knock in 0usize..4,
            counts in proptest::collection::vec(1u32..80, 3),
            cards in proptest::collection::vec(proptest::sample::select(vec!["Kd", "*", "7c", "Ah", "10s"]), 0..3),
        ) {
            let game = three();
            let mut record = RoundRecord::default();
            for (i, name) in ["alice", "bob", "carol"].iter().enumerate() {
                let entry = if i == 2 && !cards.is_empty() {
                    let hand = crate::games::manipulation::table::Hand::parse(&cards.join(" "), game.setup().deck).unwrap();
                    HandEntry::Cards(hand.to_string())
                } else {
                    HandEntry::Count(i64::from(counts[i]))
                };
                record.hands.insert((*name).to_string(), entry);
            }
            if let Some(knocker) = ["alice", "bob", "carol"].get(knock) {
                record.knocker = Some((*knocker).to_string());
            }
            let text = event::round_text(&record);
            let back = event::parse_round(&text, game.setup()).unwrap();
            prop_assert_eq!(back, record);
        }
    }
}

/// A hand-written record opens whatever the spacing, order or spelling of its cards, and a
/// player out written as no cards ("") stays so.
#[test]
fn hand_written_records_open_however_their_cards_are_written() {
    let text = "players = [\"alice\", \"bob\", \"carol\"]\n[[round]]\nknocker = \"bob\"\n[round.hands]\ncarol = \"*  kd\"\nalice = 12\nbob = \"Ah 4s\"\n[[round]]\n[round.hands]\nalice = \"Ac 2d\"\nbob = 10\ncarol = \"\"\n";
    let record = GameRecord::from_toml(text).unwrap();
    let game = Game::from_record(&record).unwrap();
    assert_eq!(game.number(), 3);
    let again = Game::from_record(&game.to_record()).unwrap();
    assert_eq!(again.standing(), game.standing());
    let shipped = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/finished-game.toml"
    ))
    .unwrap();
    let game = Game::from_record(&GameRecord::from_toml(&shipped).unwrap()).unwrap();
    assert!(game.is_over());
}

/// One name rule for every reader of a game: names that differ only by case are refused by
/// a new game, by a record opened for play and by `tally`'s reading, with one message.
#[test]
fn names_that_fold_alike_are_refused_alike_by_new_play_and_tally() {
    let players = vec!["Alice".to_string(), "alice".to_string(), "bob".to_string()];
    let said = "\"alice\" and \"Alice\" are the same name; every player needs their own";
    let new = Game::new(players.clone(), Rules::default()).unwrap_err();
    assert_eq!(new.to_string(), said);
    let record = GameRecord {
        players,
        rules: Rules::default(),
        rounds: Vec::new(),
        play: None,
    };
    let tally = super::tally(&record).unwrap_err();
    assert_eq!(tally.to_string(), format!("players: {said}"));
    let play = Game::from_record(&record).unwrap_err();
    assert!(play.to_string().ends_with(said), "{play}");
}

/// `score`'s round is the library's: a name given two hands, a knocker who is not a player
/// and more copies than the deck holds are refused there, and a knock is scored as a
/// record's round is.
#[test]
fn hands_given_at_once_are_checked_and_scored_by_the_library() {
    let given = |pairs: &[(&str, &str)]| -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(n, h)| ((*n).to_string(), (*h).to_string()))
            .collect()
    };
    let rules = Rules::default();
    let twice = record_game::score_hands(&given(&[("a", "3"), ("a", "4")]), None, &rules);
    assert_eq!(twice.unwrap_err().to_string(), "\"a\" is given two hands");
    let stranger = record_game::score_hands(&given(&[("a", "3"), ("b", "4")]), Some("c"), &rules);
    assert_eq!(
        stranger.unwrap_err().to_string(),
        "the knocker \"c\" is not one of the players given (a, b)"
    );
    let copies = record_game::score_hands(&given(&[("a", "7h"), ("b", "7h")]), None, &rules);
    assert!(
        copies
            .unwrap_err()
            .to_string()
            .ends_with("in the hands together; a 2-player deck has 1"),
    );
    let round =
        record_game::score_hands(&given(&[("a", "3"), ("b", "40")]), Some("a"), &rules).unwrap();
    assert_eq!(round.score.knocker, Some(0));
    assert_eq!(round.score.points, vec![37, 0]);
}
