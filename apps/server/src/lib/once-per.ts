/** `make(owner)` computed once per owner object and kept as long as the owner lives (a WeakMap): prepared statements
 *  per database handle, keys derived from a secret, caches per app. */
export function oncePer<Owner extends object, Value>(make: (owner: Owner) => Value): (owner: Owner) => Value {
  const made = new WeakMap<Owner, Value>();
  return (owner) => {
    if (made.has(owner)) return made.get(owner) as Value;
    const value = make(owner);
    made.set(owner, value);
    return value;
  };
}
