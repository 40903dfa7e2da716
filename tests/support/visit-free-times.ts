/** What api.visit_free_times answers: the visit's totals and, for each free start, every part's times. */
export interface VisitFreeTimes {
  minutes: number;
  price: number;
  times: { time: string; parts: { part: number; starts: string; ends: string }[] }[];
}

/** The free starts alone, 'HH:MM'. */
export const startLabels = (answer: VisitFreeTimes) => answer.times.map((one) => one.time);
