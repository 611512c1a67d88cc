import { HStack, Text } from "@chakra-ui/react";
import { formatUsd } from "./format.ts";
import { usePageLocale } from "./page-context.ts";
import { useSite } from "./site-context.ts";

/**
 * A price, with its former price struck through when there is one. Screen readers do not
 * announce the strike, so they hear the two prices with site.yaml's words for them:
 * "was $2,997, now $497" rather than "$2,997 $497".
 */
export function Price({
  amount,
  originalAmount,
  prefix,
  unit,
  size = "md",
}: {
  amount: number;
  originalAmount?: number;
  prefix?: string;
  unit?: string;
  size?: "md" | "lg";
}) {
  const { labels } = useSite();
  const locale = usePageLocale();
  return (
    <HStack gap="2" align="baseline" wrap="wrap">
      {prefix && (
        <Text as="span" fontSize="sm" color="fg.muted">
          {prefix}
        </Text>
      )}
      {originalAmount !== undefined && (
        <Text as="s" fontSize={size === "lg" ? "2xl" : "lg"} color="fg.muted">
          <Text as="span" srOnly>
            {`${labels.originalPrice} `}
          </Text>
          {formatUsd(originalAmount, locale)}
        </Text>
      )}
      <Text as="span" fontSize={size === "lg" ? "5xl" : "3xl"} fontWeight="bold" lineHeight="1" color="fg.highlight">
        {originalAmount !== undefined && (
          <Text as="span" srOnly>
            {`, ${labels.currentPrice} `}
          </Text>
        )}
        {formatUsd(amount, locale)}
        {unit && (
          <Text as="span" fontSize="md" fontWeight="medium" color="fg.muted">
            {/* "/month" sits against the amount; a word such as "one-time" needs a space. */}
            {unit.startsWith("/") ? unit : ` ${unit}`}
          </Text>
        )}
      </Text>
    </HStack>
  );
}
