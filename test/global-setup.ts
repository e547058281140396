// Filled in by the test harness: prepares template databases once per run.
export default async function setup(): Promise<void> {}
