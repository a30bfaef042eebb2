/** Legacy answers carry dates as `YYYY-MM-DD hh:mm:ss` in UTC. */
export const sqlDate = (unix: number) => new Date(unix * 1000).toISOString().slice(0, 19).replace('T', ' ');
