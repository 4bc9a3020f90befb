export function Spinner({ label = "Loading", large }: { label?: string; large?: boolean }) {
  return (
    <span role="status" aria-live="polite" style={{ display: "inline-flex" }}>
      <span className={large ? "spinner spinner-lg" : "spinner"} aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** Grey placeholder lines while data loads. */
export function Skeleton({ lines = 3, height = 14 }: { lines?: number; height?: number }) {
  return (
    <div className="stack" role="status" aria-busy="true" aria-label="Loading" style={{ gap: 10 }}>
      {Array.from({ length: lines }, (_, i) => (
        <div key={i} className="skeleton" style={{ height, width: `${100 - ((i * 17) % 40)}%` }} />
      ))}
    </div>
  );
}

export function LoadingState({ label = "Loading…" }: { label?: string }) {
  return (
    <div className="state">
      <Spinner large label={label} />
      <div>{label}</div>
    </div>
  );
}
