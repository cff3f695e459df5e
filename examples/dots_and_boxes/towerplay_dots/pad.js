// The Dots and Boxes scoring pad: people at a paper grid type how many boxes each player
// took; the pad checks that the boxes fill the grid and names the winners, as the engine
// scores a finished game (towerplay_dots/game.py: a seat's score is its boxes; the most
// boxes win, ties share). The interface is described at the top of /static/score.js.
import { Refusal } from "/static/score.js";

const SIZES = ["2", "3", "4", "5"];

/** "4" as a whole number of boxes, else a refusal naming the seat. */
function boxes(text, seat) {
  const word = text.trim();
  if (!/^[0-9]{1,3}$/.test(word)) throw new Refusal("dots.number", { text }, seat);
  return Number(word);
}

export default {
  players: [2, 4],
  help: "dots.help",
  options: [{ name: "size", key: "dots.size",
              choices: SIZES.map((size) => [size, `dots.size.${size}`]) }],
  fields: [{ name: "boxes", key: "dots.boxes", hint: "dots.boxes_hint", numeric: true }],

  score(input) {
    const taken = input.seats.map((seat, index) => boxes(seat.boxes, index));
    const grid = Number(input.options.size || "3") ** 2;
    const got = taken.reduce((sum, count) => sum + count, 0);
    if (got !== grid) throw new Refusal("dots.total", { got, count: grid }, null);
    const best = Math.max(...taken);
    const winners = taken.flatMap((count, seat) => (count === best ? [seat] : []));
    return {
      seats: taken.map((count) => ({
        total: count, rows: [{ key: "dots.row.boxes", params: {}, points: count }] })),
      winners,
      reason: { key: winners.length > 1 ? "dots.draw" : "dots.most", params: { count: best } },
    };
  },
};
