// The table's clock (issue #30): the seat on the clock counts down here from the seconds
// to its deadline that the server sent with the view; the server, not this page, makes
// the clock's bot move when they run out.
let timer = null;

/** Show `clock` (null: the table has none) in `box`; `labelOf(seat)` names a seat;
 * `viewer`: the page's seat (null: a spectator), warned when its own time runs low. */
export function showClock(box, clock, labelOf, t, viewer = null) {
  clearInterval(timer);
  if (!box) return;
  box.hidden = !clock;
  if (!clock) return;
  const until = clock.remaining === null ? null : performance.now() + clock.remaining * 1000;
  const left = () => (until === null ? 0 : Math.max(0, (until - performance.now()) / 1000));
  const shown = (seconds) => (seconds <= 0 ? t("clock_out") : clockTime(seconds));
  const draw = () => {
    const seats = clock.left ? clock.left.map((_, seat) => seat)
      : clock.seat === null ? [] : [clock.seat];
    const parts = seats.map((seat) => `${labelOf(seat)} ${
      seat === clock.seat ? shown(left()) : clockTime(clock.left[seat])}`);
    // the warning is for the person whose time it is; the others see the time alone
    const low = until !== null && clock.seat === viewer && left() <= lowTime(clock.seconds);
    box.textContent = [`${t("clock_label")} (${clock.seconds} s, ${t(`clock_${clock.mode}`)})`,
      ...parts, ...(low ? [`⚠ ${t("clock_low")}`] : [])].join(" · ");
    box.dataset.seat = clock.seat === null ? "" : String(clock.seat);
    box.classList.toggle("clock-low", low);
    box.dataset.low = low ? "yes" : "no";
  };
  draw();
  if (until !== null) timer = setInterval(draw, 250);
}

/** The seconds left from which the clock warns: a fifth of the time, 10 s at least,
 * a minute at most. */
function lowTime(seconds) {
  return Math.min(60, Math.max(10, seconds / 5));
}

/** Seconds as m:ss (rounded up: 0:00 only once the time is out). */
function clockTime(seconds) {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}
