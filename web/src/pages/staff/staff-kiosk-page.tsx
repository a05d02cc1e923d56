/** Issue 11 page: being built (replaced in this change). */
export default function Page() {
  return <h1>Loading…</h1>;
}
