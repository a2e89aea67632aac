// The co-editing presence colours, one per user (the same user has the same colour in every room and in every
// browser): the room rewrites everyone's colour to this, and the editor shows its own with it (decision 051).
const COLOURS = ['#d62728', '#1f77b4', '#2ca02c', '#9467bd', '#ff7f0e', '#17becf', '#e377c2', '#8c564b'];

export function colourOf(userId: string): string {
  let h = 0;
  for (const ch of userId) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return COLOURS[h % COLOURS.length]!;
}
