// SCAFFOLD: replaced by the feature that owns this route.
export function RegisterPage() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <h1 className="text-2xl font-bold">Create Account</h1>
    </div>
  );
}
