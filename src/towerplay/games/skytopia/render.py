"""The terminal picture of a Skytopia position (rich markup): the Chronometer with its costs,
the Market with its golems, every city's Towers, coins and PP, and the pending decision."""
from __future__ import annotations

from rich.markup import escape

from towerplay.games.skytopia.actions import ROWS, SLOTS, slot_name
from towerplay.games.skytopia.components import COLOURS
from towerplay.games.skytopia.scoring import describe_guild
from towerplay.games.skytopia.state import GOLEMS, PH_OVER, PHASE_NAMES, SkytopiaState

STYLE = {0: "bold blue", 1: "bold yellow", 2: "bold dark_orange", 3: "bold magenta"}
SEAT_STYLE = ("cyan", "green", "red", "white")


def _seat(p: int, seat: int | None) -> str:
    you = " (you)" if p == seat else ""
    return f"[{SEAT_STYLE[p % 4]}]P{p}{you}[/]"


def _card(state: SkytopiaState, key: int) -> str:
    card = state.c.cards[key]
    crest = state.c.crests[card.crest] if card.crest >= 0 else "-"
    return (f"[{STYLE[card.colour]}]{escape(card.ident)}[/] ({escape(crest)}) "
            f"{escape(card.name)}")


def _when(distance: int) -> str:
    return "done now" if distance == 0 else f"{distance} rd"


def render(state: SkytopiaState, seat: int | None) -> str:
    """Everything ``seat`` may see; the face-down decks show only their sizes."""
    c = state.c
    lines = []
    mover = "" if state.is_over else f" · {_seat(state.to_move, seat)} to move"
    final = f" (final round {state.last_round})" if state.last_round else ""
    lines.append(f"[bold]Skytopia[/] · round {state.rnd}{final} · first player "
                 f"{_seat(state.first, seat)} · {PHASE_NAMES[state.phase]}{mover}")
    if c.provisional:
        lines.append("[dim]component data: provisional reconstruction[/]")
    # the Chronometer, in dial order starting at the build symbol
    values, costs, rounds = ["value "], ["cost  "], ["rounds"]
    for d in range(6):
        v = c.dial[(state.b + d) % 6]
        values.append(f"{v:>4}")
        costs.append("   ✱" if d == 0 else f"{c.cost[d]:>4}")
        rounds.append("   -" if d == 0 else f"{d:>4}")
    lines += ["[bold]Chronometer[/] (✱ = build value, cost in coins, rounds to complete)",
              "  " + "".join(values), "  " + "".join(costs), "  " + "".join(rounds)]
    sizes = ", ".join(f"{COLOURS[i]} {len(d)}" for i, d in enumerate(state.decks))
    lines.append(f"[bold]Market[/] (cards left in the decks: {sizes})")
    for slot in range(SLOTS):
        if slot % ROWS >= state.rows and not state.dice[slot]:
            continue
        key = state.market[slot]
        text = _card(state, key) if key >= 0 else "[dim](empty)[/]"
        golems = ", ".join(f"[{SEAT_STYLE[(d >> 3) % 4]}]P{d >> 3}[/]:{d & 7}"
                           f"[dim]({_when(state.distance(d & 7))})[/]"
                           for d in state.dice[slot])
        lines.append(f"  {slot_name(slot)}  {text}" + (f"  ⚙ {golems}" if golems else ""))
    lines.append("[bold]Guild Masters[/]:")
    lines += [f"  {escape(describe_guild(c.guilds[g]))}" for g in state.guilds]
    lines.append("[bold]Foundations[/] (bottom of every Tower): " + "; ".join(
        escape(c.cards[c.foundation(col)].name.replace(" Foundation", ""))
        for col in range(4)))
    for p in range(state.players):
        tile = state.tile[p]
        ability = "-" if tile < 0 else \
            escape(f"{c.tiles[tile][0]}{'AB'[state.side[p]]}: "
                   f"{c.abilities[tile][state.side[p]].text}")
        lines.append(f"{_seat(p, seat)}: {state.coins[p]} coins · {state.pp[p]} PP · "
                     f"{state.board[p]}/{GOLEMS} golems on board · ability {ability}")
        for colour in range(4):
            tower = state.towers[p * 4 + colour]
            cards = " | ".join(_card(state, k) for k in tower) or "[dim]-[/]"
            lines.append(f"    [{STYLE[colour]}]{COLOURS[colour]:>6}[/]: Foundation | {cards}")
    if state.stack and state.stack[-1][0] >= 0:
        lines.append(f"[bold]Now[/]: {escape(state._effect_name(state.stack[-1][0]))}")
    if state.completed:
        lines.append("[bold]Completed, to stack[/]: "
                     + ", ".join(_card(state, k) for _, k in state.completed))
    if state.phase == PH_OVER:
        scores = state.scores()
        lines.append("[bold]Final scores[/]: " + ", ".join(
            f"{_seat(p, seat)} {scores[p]:g}" for p in range(state.players))
            + f" · winners: {', '.join(f'P{w}' for w in state.winners())}")
    return "\n".join(lines)
