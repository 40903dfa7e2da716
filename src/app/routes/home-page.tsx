export function HomePage() {
  return (
    <main className="mx-auto max-w-xl p-6">
      <h1 className="text-3xl font-semibold">Passaparola</h1>
      <p className="mt-4">Il programma fedeltà e le prenotazioni del tuo centro estetico.</p>
    </main>
  );
}
