/** Module-level selectors for the lab's stores, shared by its components. */
import type { PlaybackState } from "@/lib/store/labPlayback";
import type { ScenarioState } from "@/lib/store/labScenario";

export const selectResult = (s: ScenarioState) => s.result;
export const selectScenario = (s: ScenarioState) => s.scenario;
export const selectResolved = (s: ScenarioState) => s.resolved;
export const selectPresetId = (s: ScenarioState) => s.presetId;
export const selectPending = (s: ScenarioState) => s.pending;
export const selectRunProgress = (s: ScenarioState) => s.runProgress;
export const selectEventLimit = (s: ScenarioState) => s.eventLimit;
export const selectForetold = (s: ScenarioState) => s.foretold;
export const selectCancelRun = (s: ScenarioState) => s.cancelRun;
export const selectNotices = (s: ScenarioState) => s.notices;
export const selectWarnings = (s: ScenarioState) => s.warnings;
export const selectPredict = (s: ScenarioState) => s.predict;
export const selectEdit = (s: ScenarioState) => s.edit;
export const selectCompare = (s: ScenarioState) => s.compare;
export const selectMap = (s: ScenarioState) => s.map;
export const selectSetCompare = (s: ScenarioState) => s.setCompare;
/** While predicting, the outcome and the timeline past the question's moment are hidden. */
export const selectHiding = (s: ScenarioState) => s.predict.on && !s.predict.revealed;

export const selectT = (s: PlaybackState) => s.t;
export const selectSetT = (s: PlaybackState) => s.setT;
export const selectPlaying = (s: PlaybackState) => s.playing;
export const selectShowMessages = (s: PlaybackState) => s.showMessages;
export const selectShortcuts = (s: PlaybackState) => s.shortcuts;
export const selectSpeed = (s: PlaybackState) => s.speed;
export const selectEndT = (s: PlaybackState) => s.endT;
export const selectLimitT = (s: PlaybackState) => s.limitT;
export const selectFrameRequest = (s: PlaybackState) => s.frameRequest;
