import { initWasm, Resvg } from "@resvg/resvg-wasm";
import resvgWasm from "@resvg/resvg-wasm/index_bg.wasm";
import interBold from "@fontsource/inter/files/inter-latin-700-normal.woff";
import interRegular from "@fontsource/inter/files/inter-latin-400-normal.woff";
import satori, { init as initLayout } from "satori/standalone";
import layoutWasm from "satori/yoga.wasm";

let ready: Promise<void> | null = null;

/** Both WebAssembly modules start once per isolate; a failed start is tried again on the next card. */
const start = () => {
  ready ??= Promise.all([initLayout(layoutWasm), initWasm(resvgWasm)]).then(
    () => undefined,
    (error: unknown) => {
      ready = null;
      throw error;
    },
  );
  return ready;
};

export type CardNode = {
  type: string;
  props: { style?: Record<string, string | number>; children?: CardNode | CardNode[] | string };
};

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

/** A card's element tree as a PNG: satori lays it out to SVG, resvg rasterises it. */
export const renderCard = async (tree: CardNode) => {
  await start();
  const svg = await satori(tree as never, {
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
    fonts: [
      { name: "Inter", data: interRegular, weight: 400, style: "normal" },
      { name: "Inter", data: interBold, weight: 700, style: "normal" },
    ],
  });
  const resvg = new Resvg(svg, { fitTo: { mode: "width", value: CARD_WIDTH } });
  const image = resvg.render();
  try {
    // A copy in a plain ArrayBuffer: the rendered bytes live in WebAssembly memory, freed below.
    return new Uint8Array(image.asPng());
  } finally {
    image.free();
    resvg.free();
  }
};
