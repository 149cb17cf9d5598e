// Marketing: appointment requests that arrive from the public profile.
import { z } from 'zod';

/** Number of appointment requests the nutritionist has not seen yet (the side-menu badge). */
export const unseenRequestsCountSchema = z.object({ count: z.number().int().min(0) });
export type UnseenRequestsCount = z.infer<typeof unseenRequestsCountSchema>;

// ---------------------------------------------------------------------------------------------------
// The requests inbox (/marketing): GET /marketing/requests, POST /marketing/requests/seen,
// PATCH /marketing/requests/{id}, GET /marketing/overview.
// ---------------------------------------------------------------------------------------------------

export const marketingRequestStatusSchema = z.enum(['pending', 'confirmed', 'rejected']);

/** One appointment request as the nutritionist sees it in the inbox. */
export const marketingRequestSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** Digits for a wa.me link (Argentine numbers normalised to 54 9 …), null when not dialable. */
  whatsappNumber: z.string().nullable(),
  message: z.string().nullable(),
  /** 'slot': a chosen free slot held by a pending appointment; 'callback': the visitor asks to be called. */
  kind: z.enum(['slot', 'callback']),
  status: marketingRequestStatusSchema,
  seen: z.boolean(),
  start: z.string().nullable(),
  end: z.string().nullable(),
  locationId: z.string().nullable(),
  locationName: z.string().nullable(),
  serviceId: z.string().nullable(),
  serviceName: z.string().nullable(),
  patientId: z.string().nullable(),
  /** The request's patient is still in "Nuevos" (not yet one of the practice's patients). */
  patientIsNew: z.boolean(),
  appointmentId: z.string().nullable(),
  rejectReason: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type MarketingRequest = z.infer<typeof marketingRequestSchema>;

export const marketingRequestListSchema = z.object({
  /** Unseen first, then newest first. */
  items: z.array(marketingRequestSchema),
  unseenCount: z.number().int().min(0),
});
export type MarketingRequestList = z.infer<typeof marketingRequestListSchema>;

export const marketingSeenResultSchema = z.object({ count: z.number().int().min(0), marked: z.number().int().min(0) });
export type MarketingSeenResult = z.infer<typeof marketingSeenResultSchema>;

export const marketingRequestIdParamsSchema = z.object({ id: z.string().min(1).max(64) });

export const decideMarketingRequestSchema = z
  .object({
    status: z.enum(['confirmed', 'rejected'], { error: "El estado debe ser 'confirmed' o 'rejected'." }),
    reason: z
      .string({ error: 'Debe ser un texto.' })
      .trim()
      .max(500, { error: 'El motivo puede tener hasta 500 caracteres.' })
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (value.status === 'rejected' && !value.reason) {
      ctx.addIssue({ code: 'custom', message: 'Escribe el motivo del rechazo: se lo enviamos a quien pidió el turno.', path: ['reason'] });
    }
  });
export type DecideMarketingRequest = z.input<typeof decideMarketingRequestSchema>;

export const completedAppointmentSchema = z.object({
  id: z.string(),
  patientId: z.string().nullable(),
  patientName: z.string().nullable(),
  start: z.string(),
  locationName: z.string(),
  serviceName: z.string().nullable(),
});

/** GET /marketing/overview: conversion figures and the completed appointments (the spec's citas realizadas). */
export const marketingOverviewSchema = z.object({
  conversion: z.object({
    requests: z.number().int(),
    pending: z.number().int(),
    confirmed: z.number().int(),
    rejected: z.number().int(),
    /** Requests whose patient has had at least one consultation. */
    firstConsultations: z.number().int(),
    /** firstConsultations / requests, 0..1 (0 without requests). */
    rate: z.number(),
  }),
  completedAppointments: z.array(completedAppointmentSchema),
});
export type MarketingOverview = z.infer<typeof marketingOverviewSchema>;
