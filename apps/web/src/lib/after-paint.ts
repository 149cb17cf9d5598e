// Runs work once the browser has painted the current frame (the frame after the next animation frame),
// or after `fallbackMs` at most: a tab in the background has no frames. Used to keep work a screen does
// not show off its first paint (issue 27). Returns a function that cancels it.
export function afterNextPaint(callback: () => void, fallbackMs = 1000): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const fallback = setTimeout(callback, fallbackMs);
  const frame = requestAnimationFrame(() => {
    clearTimeout(fallback);
    timer = setTimeout(callback, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(fallback);
    clearTimeout(timer);
  };
}
