import { drainJob } from '../../jobs/queue.js'
import { OCR_RECEIPTS_JOB, type ReceiptOcrPipeline } from './receipt-ocr.js'

/** `receipts.ocr`: reads every receipt saved without data (PENDING) through the OCR port. */
export const ocrReceiptsJob = (pipeline: ReceiptOcrPipeline) =>
  drainJob(OCR_RECEIPTS_JOB, () => pipeline.run(), 'receipts read')
