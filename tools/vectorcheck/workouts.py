"""Workout tables, from HealthKit's enumerations as docs/FORMAT.md and docs/VERIFY.md use them."""
from __future__ import annotations

WORKOUT_TYPE = "HKWorkoutTypeIdentifier"

# HKWorkoutActivityType: names without the prefix, raw values 1..80, 82..84, 3000.
_ACTIVITY_NAMES = (
    "AmericanFootball Archery AustralianFootball Badminton Baseball Basketball Bowling Boxing Climbing "
    "Cricket CrossTraining Curling Cycling Dance DanceInspiredTraining Elliptical EquestrianSports Fencing "
    "Fishing FunctionalStrengthTraining Golf Gymnastics Handball Hiking Hockey Hunting Lacrosse MartialArts "
    "MindAndBody MixedMetabolicCardioTraining PaddleSports Play PreparationAndRecovery Racquetball Rowing "
    "Rugby Running Sailing SkatingSports SnowSports Soccer Softball Squash StairClimbing SurfingSports "
    "Swimming TableTennis Tennis TrackAndField TraditionalStrengthTraining Volleyball Walking WaterFitness "
    "WaterPolo WaterSports Wrestling Yoga Barre CoreTraining CrossCountrySkiing DownhillSkiing Flexibility "
    "HighIntensityIntervalTraining JumpRope Kickboxing Pilates Snowboarding Stairs StepTraining "
    "WheelchairWalkPace WheelchairRunPace TaiChi MixedCardio HandCycling DiscSports FitnessGaming CardioDance "
    "SocialDance Pickleball Cooldown"
).split()
ACTIVITY_TYPES = {"HKWorkoutActivityType" + n: i for i, n in enumerate(_ACTIVITY_NAMES, start=1)}
ACTIVITY_TYPES.update({"HKWorkoutActivityTypeSwimBikeRun": 82, "HKWorkoutActivityTypeTransition": 83,
                       "HKWorkoutActivityTypeUnderwaterDiving": 84, "HKWorkoutActivityTypeOther": 3000})
assert ACTIVITY_TYPES["HKWorkoutActivityTypeRunning"] == 37 and ACTIVITY_TYPES["HKWorkoutActivityTypeCooldown"] == 80

EVENT_TYPES = {"HKWorkoutEventType" + n: i for i, n in enumerate(
    "Pause Resume Lap Marker MotionPaused MotionResumed Segment PauseOrResumeRequest".split(), start=1)}

# record key -> JSON field of the totals
TOTAL_KEYS = {"te": "totalEnergyBurned", "td": "totalDistance", "ts": "totalSwimmingStrokeCount",
              "tf": "totalFlightsClimbed"}

# FORMAT.md "Workouts": signed metadata of workouts and their events, beyond the five common keys
WORKOUT_SIGNED_KEYS = ("HKIndoorWorkout", "HKGroupFitness", "HKCoachedWorkout", "HKWorkoutBrandName",
                       "HKAverageSpeed", "HKMaximumSpeed", "HKAverageMETs", "HKElevationAscended",
                       "HKElevationDescended", "HKAlpineSlopeGrade", "HKLapLength", "HKSwimmingLocationType",
                       "HKSwimmingStrokeStyle", "HKFitnessMachineDuration", "HKIndoorBikeDistance",
                       "HKCrossTrainerDistance")
# VERIFY.md: these hold quantities ("number unit") and are compared as quantities
QUANTITY_KEYS = {"HKAverageSpeed", "HKMaximumSpeed", "HKAverageMETs", "HKElevationAscended", "HKElevationDescended",
                 "HKAlpineSlopeGrade", "HKLapLength", "HKFitnessMachineDuration", "HKIndoorBikeDistance",
                 "HKCrossTrainerDistance", "HKWeatherTemperature", "HKWeatherHumidity"}


def statistics_total(type_id: str) -> str | None:
    """The workout total a <WorkoutStatistics type=…> carries (VERIFY.md, export.xml specifics)."""
    if type_id == "HKQuantityTypeIdentifierActiveEnergyBurned":
        return "totalEnergyBurned"
    if type_id.startswith("HKQuantityTypeIdentifierDistance"):
        return "totalDistance"
    if type_id == "HKQuantityTypeIdentifierSwimmingStrokeCount":
        return "totalSwimmingStrokeCount"
    if type_id == "HKQuantityTypeIdentifierFlightsClimbed":
        return "totalFlightsClimbed"
    return None
