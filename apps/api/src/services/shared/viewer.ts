/** Who is asking: a visitor (all null) or a signed-in member with their role. Every adapter hands it to services. */
export interface Viewer {
  memberId: number | null;
  name: string | null;
  role: 'member' | 'moderator' | 'admin' | null;
}
