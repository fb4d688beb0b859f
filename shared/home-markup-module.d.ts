import type { RenderHomeMarkup } from "./home-markup";

export declare const renderHomeMarkup: RenderHomeMarkup;
