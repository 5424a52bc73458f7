/** The raw values of every cookie named `name` in a Cookie header, in the order sent. */
export function cookieValuesOf(cookieHeader: string | undefined, name: string): string[] {
  return (cookieHeader?.split(';') ?? [])
    .map((pair) => pair.trim())
    .filter((pair) => pair.startsWith(`${name}=`))
    .map((pair) => pair.slice(name.length + 1));
}
