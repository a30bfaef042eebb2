/**
 * The stored 0–5 rating: likes over votes with one like and one dislike added (Laplace smoothing), so a
 * video with two likes does not outrank one with 900 likes and 30 dislikes in "top rated".
 */
export function ratingOf(likes: number, dislikes: number): number {
  return Math.round((500 * (likes + 1)) / (likes + dislikes + 2)) / 100;
}
