/** The sentence a failed call shows (spec §8: the service's message or 'Something went wrong'). */
export function errorMessageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Something went wrong';
}
