/**
 * A press of play before the player has hydrated has no React handler to receive it, and React drops a
 * click on a part it cannot hydrate yet (a lazy chunk still loading). A phone shows the poster early and
 * hydrates late, so presses are noted here, from the moment this module is evaluated: import it for its
 * side effect from the route module that renders a player, so it runs as early as that route's code.
 */
let pending: Event | null = null;
let honoured: Event | null = null;

const note = (event: Event) => {
  if ((event.target as Element | null)?.closest?.('.player__surface, .player__button--play')) pending = event;
};
if (typeof document !== 'undefined') document.addEventListener('click', note, true);

/** On the player's mount: whether play was pressed before it; presses after this reach React itself. */
export function takeEarlyPress(): boolean {
  document.removeEventListener('click', note, true);
  honoured = pending;
  pending = null;
  return honoured !== null;
}

/**
 * Whether a click React delivers is one already honoured on mount (React can still dispatch it after
 * hydrating), so it must not toggle playback back off. Any other click clears the pending one.
 */
export function wasHonoured(event: Event): boolean {
  if (event === honoured) return true;
  pending = null;
  return false;
}
