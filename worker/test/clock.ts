/** Waits for the clock to move on, so the next timestamp is later than every one taken before (workerd's clock only moves on I/O). */
export const nextMillisecond = async () => {
  const start = Date.now();
  while (Date.now() <= start) await new Promise((resolve) => setTimeout(resolve, 1));
};
