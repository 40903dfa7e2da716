export function NotFoundPage() {
  return (
    <main className="mx-auto max-w-xl p-6">
      <h1 className="text-2xl font-semibold">Pagina non trovata</h1>
      <a href="/">Torna alla home</a>
    </main>
  );
}
