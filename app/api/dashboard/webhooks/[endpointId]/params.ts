import { z } from "zod";

export const endpointParams = z.object({ endpointId: z.string().min(1).max(100) });
export const deliveryParams = endpointParams.extend({ deliveryId: z.string().min(1).max(100) });
