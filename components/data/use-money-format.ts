"use client";
import { useQuery } from "@tanstack/react-query";
import type { MoneyFormat } from "@/lib/shared/record-money";
import { apiFetch } from "./fetcher";

const UNKNOWN: MoneyFormat = { currency: null, language: "en" };

/**
 * How the business writes money (its currency and first language), for every amount the dashboard
 * shows; English until it loads or if it cannot (amounts still read as money, never as cents).
 */
export function useMoneyFormat(): MoneyFormat {
  const format = useQuery({
    queryKey: ["money-format"],
    queryFn: ({ signal }) => apiFetch<MoneyFormat>("/v1/internal/money-format", { signal }),
    staleTime: 60_000,
  });
  return format.data ?? UNKNOWN;
}
