import { Box, Flex, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { Icon } from "./Icon.tsx";
import type { IconName } from "../content/icon-paths.ts";
import { AppLink, opensNewTab } from "./links.tsx";
import type { Link } from "../content/link.ts";

/**
 * One full-width link, as on a link-in-bio page: a tall, easy tap target with an
 * icon, a title and a line of detail. Outbound links show the new-tab mark.
 */
export function LinkRow({ to, title, detail, icon, track }: { to: Link; title: ReactNode; detail?: string; icon?: IconName; track?: string }) {
  return (
    <Box
      asChild
      data-tone="plain"
      display="block"
      minH="16"
      px="4"
      py="3"
      bg="bg"
      color="fg"
      borderWidth="1px"
      borderColor="border"
      borderRadius="xl"
      shadow="xs"
      transition="border-color 0.15s, box-shadow 0.15s, transform 0.15s"
      _hover={{ borderColor: "navy.solid", shadow: "md" }}
      _active={{ transform: "scale(0.99)" }}
    >
      <AppLink link={to} data-track={track}>
        <Flex align="center" gap="3" minH="10">
          {icon && (
            <Box flexShrink={0} w="10" h="10" borderRadius="lg" bg="bg.tint" color="fg.highlight" display="grid" placeItems="center">
              <Icon name={icon} boxSize="5" />
            </Box>
          )}
          <Stack gap="0" flex="1" minW="0">
            <Text fontWeight="semibold" lineHeight="1.3">
              {title}
            </Text>
            {detail && (
              <Text fontSize="sm" color="fg.muted" lineHeight="1.4">
                {detail}
              </Text>
            )}
          </Stack>
          <Icon name={opensNewTab(to) ? "external" : "arrow-right"} boxSize="4" color="fg.muted" />
        </Flex>
      </AppLink>
    </Box>
  );
}
