import { Alert, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import {
  loadYandexMaps,
  type Coordinates,
  type YMapsCircle,
  type YMapsMap,
  type YMapsPlacemark,
  type YMapsSearchControl,
} from '../../../lib/yandex-maps.ts';
import { roundCoordinate } from './branch-helpers.ts';
import './branches.css';

/** Where the map opens when the branch has no point yet: the centre of Moscow. */
const DEFAULT_CENTER: Coordinates = [55.751244, 37.618423];
const POINT_ZOOM = 16;
const OVERVIEW_ZOOM = 10;

type MapObjects = { map: YMapsMap; placemark: YMapsPlacemark; circle: YMapsCircle };

type BranchMapPickerProps = {
  apiKey: string;
  latitude: number | null | undefined;
  longitude: number | null | undefined;
  radius: number | null | undefined;
  onPick: (coordinates: Coordinates) => void;
};

function pointOf(
  latitude: number | null | undefined,
  longitude: number | null | undefined,
): Coordinates | null {
  return typeof latitude === 'number' &&
    typeof longitude === 'number' &&
    Math.abs(latitude) <= 90 &&
    Math.abs(longitude) <= 180
    ? [latitude, longitude]
    : null;
}

function samePoint(a: Coordinates | null, b: Coordinates | null): boolean {
  return Boolean(a && b && a[0] === b[0] && a[1] === b[1]);
}

/**
 * A Yandex map for the branch's point: a click or a dragged placemark sets the coordinates, the
 * circle shows the radius in which people may check in; the map's search finds an address.
 */
export function BranchMapPicker({
  apiKey,
  latitude,
  longitude,
  radius,
  onPick,
}: BranchMapPickerProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const objectsRef = useRef<MapObjects | null>(null);
  // The last point the map itself reported: the form echoes it back, and the map must not jump.
  const pickedRef = useRef<Coordinates | null>(null);
  const onPickRef = useRef(onPick);
  const initialRef = useRef({ point: pointOf(latitude, longitude), radius: radius ?? 100 });
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');

  useEffect(() => {
    onPickRef.current = onPick;
  }, [onPick]);

  useEffect(() => {
    let cancelled = false;
    loadYandexMaps(apiKey).then(
      (ymaps) => {
        const container = containerRef.current;
        if (cancelled || !container) return;
        const { point, radius: initialRadius } = initialRef.current;
        const center = point ?? DEFAULT_CENTER;
        const map = new ymaps.Map(
          container,
          {
            center,
            zoom: point ? POINT_ZOOM : OVERVIEW_ZOOM,
            controls: ['zoomControl', 'searchControl', 'geolocationControl', 'fullscreenControl'],
          },
          { suppressMapOpenBlock: true },
        );
        const placemark = new ymaps.Placemark(
          center,
          { hintContent: 'Перетащите, чтобы уточнить место' },
          { draggable: true, preset: 'islands#blueDotIcon', visible: Boolean(point) },
        );
        const circle = new ymaps.Circle(
          [center, initialRadius],
          {},
          {
            fillColor: '#1677ff26',
            strokeColor: '#1677ff',
            strokeOpacity: 0.8,
            strokeWidth: 2,
            visible: Boolean(point),
            // Clicks inside the circle move the point, as clicks elsewhere on the map do.
            interactivityModel: 'default#transparent',
          },
        );
        map.geoObjects.add(circle).add(placemark);

        const pick = (coordinates: Coordinates) => {
          const rounded: Coordinates = [
            roundCoordinate(coordinates[0]),
            roundCoordinate(coordinates[1]),
          ];
          pickedRef.current = rounded;
          onPickRef.current(rounded);
        };
        map.events.add('click', (event) => pick(event.get('coords') as Coordinates));
        placemark.events.add('drag', () =>
          circle.geometry.setCoordinates(placemark.geometry.getCoordinates()),
        );
        placemark.events.add('dragend', () => pick(placemark.geometry.getCoordinates()));

        const search = map.controls.get('searchControl') as YMapsSearchControl | undefined;
        if (search) {
          search.options.set('provider', 'yandex#map');
          search.options.set('noPlacemark', true);
          search.events.add('resultselect', (event) => {
            void search
              .getResult(event.get('index') as number)
              .then((result) => pick(result.geometry.getCoordinates()))
              .catch(() => undefined);
          });
        }

        objectsRef.current = { map, placemark, circle };
        setStatus('ready');
      },
      () => {
        if (!cancelled) setStatus('error');
      },
    );
    return () => {
      cancelled = true;
      objectsRef.current?.map.destroy();
      objectsRef.current = null;
    };
  }, [apiKey]);

  useEffect(() => {
    const objects = objectsRef.current;
    if (status !== 'ready' || !objects) return;
    const point = pointOf(latitude, longitude);
    objects.placemark.options.set('visible', Boolean(point));
    objects.circle.options.set('visible', Boolean(point));
    if (!point) return;
    objects.placemark.geometry.setCoordinates(point);
    objects.circle.geometry.setCoordinates(point);
    // Typed by hand: bring the point into view.
    if (!samePoint(point, pickedRef.current)) {
      objects.map.setCenter(point, Math.max(objects.map.getZoom(), POINT_ZOOM - 2));
    }
  }, [latitude, longitude, status]);

  useEffect(() => {
    const objects = objectsRef.current;
    if (status !== 'ready' || !objects || typeof radius !== 'number' || radius <= 0) return;
    objects.circle.geometry.setRadius(radius);
  }, [radius, status]);

  if (status === 'error') {
    return (
      <Alert
        type="warning"
        showIcon
        title="Карта не загрузилась"
        description="Введите широту и долготу вручную или обновите страницу позже."
      />
    );
  }

  return (
    <div className="smena-branch-map">
      <div
        ref={containerRef}
        className="smena-branch-map__canvas"
        role="application"
        aria-label="Карта: щёлкните, чтобы поставить точку филиала"
      />
      {status === 'loading' && (
        <div className="smena-branch-map__loading">
          <Spin aria-label="Загрузка карты" />
        </div>
      )}
    </div>
  );
}
