/** SQL literals for LanceDB where-clauses (no LanceDB import: usable wherever filters are built). */
export const sqlString = (s: string): string => `'${s.replaceAll("'", "''")}'`;
export const sqlIn = (col: string, values: readonly string[]): string =>
  `\`${col}\` IN (${values.map(sqlString).join(', ')})`;
