//! Counts and lists in a player's words, the same in every message of every game: `1 card`,
//! `3 cards`, `alice, bob and carol`.

/// A count with its noun: `1 round`, `2 rounds`.
/// A player's name as it is typed in a command: in quotes when it has a space
/// (`hand "Mary Jo" 12`), as it is otherwise.
pub fn typed(name: &str) -> String {
    if name.contains(' ') {
        format!("\"{name}\"")
    } else {
        name.to_string()
    }
}

pub fn plural(n: u32, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A count of cards: `1 card`, `3 cards`.
pub fn cards(n: u32) -> String {
    plural(n, "card", "cards")
}

/// Names joined for a sentence: `alice`, `alice and bob`, `alice, bob and carol`.
pub fn and_list<S: AsRef<str>>(names: &[S]) -> String {
    match names {
        [] => String::new(),
        [one] => one.as_ref().to_string(),
        [init @ .., last] => format!(
            "{} and {}",
            init.iter()
                .map(AsRef::as_ref)
                .collect::<Vec<_>>()
                .join(", "),
            last.as_ref()
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(plural(1, "round", "rounds"), "1 round");
        assert_eq!(plural(0, "round", "rounds"), "0 rounds");
        assert_eq!(plural(2, "knock", "knocks"), "2 knocks");
        assert_eq!(cards(1), "1 card");
        assert_eq!(cards(13), "13 cards");
    }

    #[test]
    fn names_are_joined_with_commas_and_a_last_and() {
        assert_eq!(and_list::<&str>(&[]), "");
        assert_eq!(and_list(&["alice"]), "alice");
        assert_eq!(and_list(&["alice", "bob"]), "alice and bob");
        assert_eq!(and_list(&["alice", "bob", "carol"]), "alice, bob and carol");
    }
}
