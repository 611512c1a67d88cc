/** The console line the 404 page writes, naming the address nobody could find (the spec asks for it). */
export function logNotFound(path: string) {
  console.error("404 Error: User attempted to access non-existent route:", path);
}
