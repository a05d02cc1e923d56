/** What a lazily loaded page shows while its code downloads: exactly '...' (spec §2). */
export function PageFallback() {
  return (
    <p role="status" style={{ padding: 'var(--mantine-spacing-xl)', textAlign: 'center', margin: 0 }}>
      ...
    </p>
  );
}
